import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPTS = path.resolve(import.meta.dirname);

/** Runs scripts/test.sh's own `step` function (read from the script) in a real bash, under its `set -euo pipefail`. */
function steps(body: string) {
  const result = spawnSync("bash", ["-c", `set -euo pipefail; eval "$(sed -n '/^step() {/,/^}/p' "${SCRIPTS}/test.sh")"; ${body}`], { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout };
}

describe("scripts/test.sh: step", () => {
  it.each([
    ["a passing step", "true", 0, "status=0"],
    ["a failing step (as a failed tsc)", "false", 1, "status=1"],
    ["a step exiting 3", "bash -c 'exit 3'", 3, "status=1"],
  ])("%s: its status reaches `|| status=1`, and the timing line says how it ended", (_name, command, rc, expected) => {
    const result = steps(`status=0; step ${command} || status=1; echo "status=$status"`);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(expected);
    expect(result.stdout.includes(`failed with exit status ${rc}`)).toBe(rc !== 0);
  });

  it("an install step that fails without `||` stops the script with its status", () => {
    const result = steps(`step bash -c 'exit 4'; echo "not reached"`);
    expect(result.status).toBe(4);
    expect(result.stdout).not.toContain("not reached");
  });
});
