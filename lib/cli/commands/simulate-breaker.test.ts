import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../../testing/fake-llm/fake-anthropic-server";
import { runLabCli } from "../../testing/run-lab-cli";
import { exportOpenAI } from "../../transcripts/export-openai";

const KEY = "sk-lab-cli-breaker-key-13579";

let server: FakeAnthropicServer;
let directory: string;
let file: string;
beforeAll(async () => {
  server = await startFakeAnthropicServer({ expectedApiKey: KEY, retryAfterMs: 5 });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-breaker-"));
  file = path.join(directory, "generated.json");
  fs.writeFileSync(file, JSON.stringify(exportOpenAI(generateSession({ seed: 7, messages: 160 }))));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const messageCalls = () => server.requests.filter((request) => request.path === "/v1/messages").length;
const env = () => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url });

describe("lab simulate against a failing summarizer (child process, fake server): the run's circuit breaker", () => {
  it("empty answers with a strategy that falls back: 3 calls, exit 3 (degraded), the figures say so", async () => {
    const before = messageCalls();
    const { code, stdout, stderr } = await runLabCli(["simulate", file, "--strategy", "openclaw", "--window", "20000", "--summarizer", "anthropic", "--model", "fake-empty", "--json"], env());
    expect(messageCalls() - before).toBe(3);
    expect(code).toBe(3);
    expect(stderr).toMatch(/^degraded: The summarizer failed 3 times \(last: anthropic summarizer: empty_summary: .*used the strategy's fallback\.\n$/);
    const output = JSON.parse(stdout) as { status: string; error: string; compactions: unknown[]; fallbacks: number; summarizerFailures: number };
    expect(output).toMatchObject({ status: "degraded", compactions: [], summarizerFailures: 3 });
    expect(output.fallbacks).toBeGreaterThan(3);
    expect(stdout).not.toContain(KEY);
  });

  it("malformed answers with a strategy without a fallback: exit 1 (failed), the text output names the failures", async () => {
    const before = messageCalls();
    const { code, stdout, stderr } = await runLabCli(["simulate", file, "--strategy", "pi", "--window", "20000", "--summarizer", "anthropic", "--model", "fake-malformed"], env());
    expect(messageCalls() - before).toBe(3);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^failed: The summarizer failed 3 times \(last: anthropic summarizer: malformed_response: .*The strategy has no fallback/);
    expect(stdout).toMatch(/compactions\/trims 0 · fallbacks \d+ · failed summaries 3/);
    expect(stdout).toContain("failed: The summarizer failed 3 times");
  });
});
