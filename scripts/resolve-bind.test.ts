import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPTS = path.resolve(import.meta.dirname);

/** Runs start.sh's bind resolution and start-up notice (scripts/resolve-bind.sh) in a real bash with the given env. */
function bind(env: Record<string, string>) {
  const result = spawnSync("bash", ["-c", `source "${SCRIPTS}/resolve-bind.sh"; resolve_bind; access_notice; echo "BIND=$BIND_HOST"`], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: "test", ...env },
    encoding: "utf8",
  });
  return { host: /BIND=(.*)/.exec(result.stdout)?.[1], stdout: result.stdout, stderr: result.stderr };
}

describe("scripts/start.sh: where the lab listens", () => {
  it("binds 127.0.0.1 by default and says it is single-user", () => {
    const result = bind({});
    expect(result.host).toBe("127.0.0.1");
    expect(result.stdout).toContain("single-user mode");
    expect(result.stderr).not.toContain("WARNING");
  });

  it("HOST exposing the lab without LAB_ACCESS_TOKEN warns that anyone on the network can read and delete sessions", () => {
    const result = bind({ HOST: "0.0.0.0" });
    expect(result.host).toBe("0.0.0.0");
    expect(result.stderr).toMatch(/WARNING.*anyone on the network can read, run and delete sessions/);
  });

  it("with LAB_ACCESS_TOKEN it is team mode, without a warning", () => {
    const result = bind({ HOST: "0.0.0.0", LAB_ACCESS_TOKEN: "t0ken" });
    expect(result.stdout).toContain("team mode");
    expect(result.stderr).not.toContain("WARNING");
    expect(result.stdout).not.toContain("t0ken");
  });

  it("start.sh sources it and hands the host to next start (through next-start.sh, which passes its arguments on)", () => {
    const script = readFileSync(path.join(SCRIPTS, "start.sh"), "utf8");
    expect(script).toContain("source scripts/resolve-bind.sh");
    expect(script).toMatch(/next-start\.sh -H "\$BIND_HOST" -p "\$PORT"/);
    expect(readFileSync(path.join(SCRIPTS, "next-start.sh"), "utf8")).toMatch(/exec \.\/node_modules\/\.bin\/next start "\$@"/);
  });
});
