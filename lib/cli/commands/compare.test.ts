import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROBE_KINDS } from "../../engine/evaluate/probe";

const REPO = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(REPO, "lib/cli/main.ts");

/** Runs the CLI as a user would, in a child process. */
function lab(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, ...args], { cwd: REPO, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let directory: string;
let file: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-compare-"));
  file = path.join(directory, "generated.jsonl");
  expect(lab("generate", "--seed", "3", "--messages", "240", "--out", file).code).toBe(0);
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe("lab probes and lab compare in a child process", () => {
  it("probes --json lists probes with their kinds, steps and weights", () => {
    const { code, stdout, stderr } = lab("probes", file, "--json");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output.probes.length).toBeGreaterThan(10);
    for (const probe of output.probes) {
      expect(Object.keys(probe).sort()).toEqual(["firstStep", "id", "kind", "messageId", "normalized", "text"]);
      expect(PROBE_KINDS).toContain(probe.kind);
    }
    expect(output.countsByKind["last-request"]).toBe(1);
    expect(output.weights.rule).toBe(3);
  });

  it("compare --json prints one row per configuration: none keeps everything, a tight trim loses some", () => {
    const { code, stdout, stderr } = lab("compare", file, "--strategies", "none,trim-messages:maxConversationMessages=6,pi", "--window", "20000", "--json");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const rows = stdout.trim().split("\n").map((line) => JSON.parse(line));
    expect(rows.map((row) => row.config)).toEqual(["none", "trim-messages:maxConversationMessages=6", "pi"]);
    const [none, trim] = rows;
    expect(Object.keys(none).sort()).toEqual(
      ["compactions", "config", "fallbacks", "guardTrips", "meanContextTokens", "peakContextTokens", "prunes", "retention", "settings", "strategy", "summarizerTokens", "tokensSavedVsNone", "totalTokensSent"].sort(),
    );
    expect(none).toMatchObject({ strategy: "none", compactions: 0, tokensSavedVsNone: 0, retention: { overall: 1 } });
    expect(trim.settings).toEqual({ maxConversationMessages: 6 });
    expect(trim.compactions).toBeGreaterThan(0);
    expect(trim.tokensSavedVsNone).toBeGreaterThan(0);
    expect(trim.retention.overall).toBeLessThan(1);
    expect(Object.keys(trim.retention.byKind).sort()).toEqual([...PROBE_KINDS].sort());
  });

  it.each([
    [["compare", "x.jsonl", "--strategies", "nope"], /unknown strategy "nope"/],
    [["compare", "x.jsonl", "--strategies", "trim-messages:bogus=1"], /bogus/],
    [["compare", "x.jsonl"], /--strategies is required/],
  ])("compare %j exits 2 with a message", (args, message) => {
    const { code, stderr } = lab(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});
