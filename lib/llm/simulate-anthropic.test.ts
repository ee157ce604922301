import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLabCli } from "../testing/run-lab-cli";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../testing/fake-llm/fake-anthropic-server";
import { FAKE_SUMMARY_MARKER } from "../testing/fake-llm/fake-summary";

const KEY = "sk-lab-cli-test-key-9876543210";

/**
 * `lab simulate … --summarizer anthropic` in a child process against the fake server, as a user would run it
 * with ANTHROPIC_BASE_URL pointing at a gateway. Async execFile: the server lives in this process, so a
 * synchronous spawn would block it from answering.
 */
const lab = runLabCli;

let server: FakeAnthropicServer;
let directory: string;
let file: string;
beforeAll(async () => {
  server = await startFakeAnthropicServer({ expectedApiKey: KEY });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-llm-cli-"));
  file = path.join(directory, "generated.jsonl");
  const generated = await lab(["generate", "--seed", "3", "--messages", "160", "--out", file], {});
  expect(generated.code, generated.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("lab simulate --summarizer anthropic (child process, fake server)", () => {
  // nous compacts at an absolute threshold (100K by default): lowered so the generated session reaches it
  const extraArgs: Record<string, string[]> = { nous: ["--set", "compactionThreshold=6000", "--set", "keepRecentTokens=2000"], opencode: [], pi: [] };
  for (const [strategyId, extra] of Object.entries(extraArgs)) {
    it(`${strategyId}: the summaries in the replay are the server's text`, async () => {
      const before = server.requests.length;
      const { code, stdout, stderr } = await lab(
        ["simulate", file, "--strategy", strategyId, "--window", "12000", ...extra, "--summarizer", "anthropic", "--model", "lab-test-model", "--json"],
        { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: KEY },
      );
      expect(code, stderr).toBe(0);
      const output = JSON.parse(stdout) as { events: { type: string; summary?: string | null; reason?: string }[] };
      const summaries = output.events.flatMap((event) => (event.type === "compaction-end" && event.summary ? [event.summary] : []));
      expect(summaries.length, JSON.stringify(output.events.filter((event) => event.type === "fallback"))).toBeGreaterThan(0);
      for (const summary of summaries) expect(summary).toContain(FAKE_SUMMARY_MARKER);

      const received = server.requests.slice(before).filter((request) => request.path === "/v1/messages");
      expect(received.length).toBeGreaterThanOrEqual(summaries.length);
      expect(received.every((request) => request.status === 200 && (request.body as { model: string }).model === "lab-test-model")).toBe(true);
      expect(JSON.stringify(server.requests) + stdout + stderr).not.toContain(KEY);
    }, 60_000);
  }

  it("exits 2 with a clear message when there is no key", async () => {
    const { code, stderr } = await lab(["simulate", file, "--strategy", "opencode", "--summarizer", "anthropic", "--json"], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: undefined });
    expect(code).toBe(2);
    expect(stderr).toContain("anthropic summarizer: auth: no API key");
  }, 60_000);

  it("rejects --model without --summarizer anthropic", async () => {
    const { code, stderr } = await lab(["simulate", file, "--strategy", "opencode", "--model", "x"], {});
    expect(code).toBe(2);
    expect(stderr).toContain("--model goes with --summarizer anthropic");
  }, 60_000);
});
