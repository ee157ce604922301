import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMAT_IDS } from "../engine/model";
import { sessionStats } from "../engine/session-stats";
import { generateClaudeCodeSession } from "../generator/generate-claude-code-session";
import { generateSession } from "../generator/generate-session";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";

const REPO = path.resolve(import.meta.dirname, "../..");
const MAIN = path.join(REPO, "lib/cli/main.ts");

/** Runs the CLI as a user would, in a child process. */
function lab(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, ...args], { cwd: REPO, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let directory: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-"));
});
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe("lab CLI in a child process", () => {
  it("prints the format ids as a JSON array", () => {
    const { code, stdout } = lab("formats", "--json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([...FORMAT_IDS]);
  });

  it("generates a session file and imports it back with --json", () => {
    const file = path.join(directory, "generated.jsonl");
    const generated = lab("generate", "--seed", "5", "--messages", "200", "--out", file);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain(file);

    const { code, stdout, stderr } = lab("import", file, "--json");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(Object.keys(summary)).toEqual([
      "format",
      "messages",
      "toolCalls",
      "toolResults",
      "recordedCompactions",
      "estimatedTokens",
      "recordedPeakContextTokens",
      "secrets",
    ]);
    // a generated session holds no credentials
    expect(summary.secrets).toEqual({ count: 0, kinds: [], findings: [] });
    const expected = sessionStats(generateClaudeCodeSession({ seed: 5, messages: 200 }));
    expect(summary).toMatchObject({
      format: "claude-code",
      messages: 200,
      toolCalls: expected.toolCalls,
      toolResults: expected.toolResults,
      recordedCompactions: 0,
      recordedPeakContextTokens: expected.recordedPeakContextTokens,
    });
  });

  it("rejects a file with a broken line: exit 2, one line on stderr naming the line", () => {
    const file = path.join(directory, "broken.jsonl");
    const good = JSON.stringify({ type: "user", uuid: "u1", parentUuid: null, sessionId: "s", message: { role: "user", content: "hi" } });
    fs.writeFileSync(file, `${good}\n${good.replace("u1", "u2")}\n{"type": "assistant", "message": \n`);
    const { code, stdout, stderr } = lab("import", file, "--json");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/line 3/);
  });

  it("names the forced format and where the file stops fitting it", () => {
    const file = path.join(directory, "not-codex.jsonl");
    fs.writeFileSync(file, toLines(generateSession({ seed: 2, messages: 20 }).messages.map((message) => ({ id: message.id }))));
    const { code, stderr } = lab("import", file, "--format", "codex", "--json");
    expect(code).toBe(2);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/codex/);
    expect(stderr).toMatch(/line \d+|\$/);
  });

  it.each([
    ["a missing file", ["import", "/nonexistent/file.jsonl", "--json"]],
    ["an unknown flag", ["import", "x.jsonl", "--frobnicate"]],
    ["an unknown command", ["frobnicate"]],
  ])("exits 2 with usage for %s", (_name, args) => {
    const { code, stderr } = lab(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(/usage:/);
  });
});

describeWithShared("lab import on real transcripts", () => {
  it.each([
    ["claude-code/ccviewer__1af7fc5e.jsonl", "claude-code"],
    ["swe-agent/swe-agent__gpt4__pydicom-1458.traj", "swe-agent"],
    ["gemini-cli/entire-cli__ab2b9748b105.json", "gemini-cli"],
    ["copilot-cli/agentv__269e1b9e5502.jsonl", "copilot-cli"],
  ])("imports %s", (relativePath, format) => {
    const { code, stdout } = lab("import", sharedTranscript(relativePath), "--json");
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.format).toBe(format);
    expect(summary.messages).toBeGreaterThan(0);
  });
});

function toLines(values: unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join("\n");
}
