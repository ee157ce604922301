import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLabCli } from "../testing/run-lab-cli";
import { FAKE_OPENAI_SUMMARY_MARKER, startFakeOpenAIServer, type FakeOpenAIServer } from "../testing/fake-llm/fake-openai-server";

const KEY = "sk-lab-cli-openai-key-5566778899";
const lab = runLabCli;

let server: FakeOpenAIServer;
let directory: string;
let file: string;
beforeAll(async () => {
  server = await startFakeOpenAIServer({ expectedApiKey: KEY });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-openai-cli-"));
  file = path.join(directory, "generated.jsonl");
  const generated = await lab(["generate", "--seed", "3", "--messages", "160", "--out", file], {});
  expect(generated.code, generated.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("lab simulate --summarizer openai (child process, fake OpenAI-compatible server)", () => {
  it("summarizes through the endpoint named by --base-url and prints its figures", async () => {
    const { code, stdout, stderr } = await lab(
      ["simulate", file, "--strategy", "pi", "--window", "12000", "--summarizer", "openai", "--model", "fake-qwen-local", "--base-url", server.url],
      { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url },
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/compactions\/trims [1-9]\d* · fallbacks 0 · failed summaries 0/);
    expect(stdout).toMatch(new RegExp(`summarizer openai \\(fake-qwen-local @ ${server.url.replace(/[.]/g, "\\.")}\\): [\\d,]+ input \\+ [\\d,]+ output tokens`));
    expect(JSON.stringify(server.requests) + stdout + stderr).not.toContain(KEY);
  }, 60_000);

  it("--strategy openai-compaction: OpenAI's compaction through /responses/compact, its opaque items counted and printed", async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await lab(
      ["simulate", file, "--strategy", "openai-compaction", "--window", "12000", "--summarizer", "openai", "--model", "fake-gpt-mini", "--json"],
      { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url },
    );
    expect(code, stderr).toBe(0);
    const output = JSON.parse(stdout) as { events: { type: string; summary?: string | null; opaque?: { tokens: number } }[]; summarizerUsage: { output: number } };
    const ends = output.events.filter((event) => event.type === "compaction-end");
    expect(ends.length).toBeGreaterThan(0);
    expect(ends.every((event) => event.summary === null && (event.opaque?.tokens ?? 0) > 0)).toBe(true);
    expect(server.requests.slice(before).every((request) => request.path === "/v1/responses/compact")).toBe(true);
    expect(output.summarizerUsage.output).toBe(ends.reduce((sum, event) => sum + (event.opaque?.tokens ?? 0), 0));
    expect(stdout).not.toContain("gAAAAfake");
  }, 60_000);

  it("--strategy openai-compaction without --summarizer openai is refused before anything is sent", async () => {
    const before = server.requests.length;
    const { code, stderr } = await lab(["simulate", file, "--strategy", "openai-compaction", "--window", "12000"], { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url });
    expect(code).toBe(2);
    expect(stderr).toContain("--strategy openai-compaction is OpenAI's own compaction and runs only against that API: add --summarizer openai");
    expect(server.requests.length).toBe(before);
  }, 60_000);

  it("--json: the summaries are the endpoint's text, its usage summed", async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await lab(["simulate", file, "--strategy", "opencode", "--window", "12000", "--summarizer", "openai", "--model", "fake-gpt-mini", "--json"], { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url });
    expect(code, stderr).toBe(0);
    const output = JSON.parse(stdout) as { events: { type: string; summary?: string | null }[]; summarizerUsage: { input: number; output: number } };
    const summaries = output.events.flatMap((event) => (event.type === "compaction-end" && event.summary ? [event.summary] : []));
    expect(summaries.length).toBeGreaterThan(0);
    for (const summary of summaries) expect(summary).toContain(FAKE_OPENAI_SUMMARY_MARKER);
    const received = server.requests.slice(before);
    expect(received.every((request) => request.path === "/v1/chat/completions" && request.status === 200)).toBe(true);
    expect(output.summarizerUsage.input).toBeGreaterThan(0);
  }, 60_000);

  it("an endpoint that always fails: exit 3 (degraded), a bounded number of calls, the replay completes on the fallback", async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await lab(["simulate", file, "--strategy", "openclaw", "--window", "12000", "--summarizer", "openai", "--model", "fake-server-error", "--json"], { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url });
    expect(stderr).toContain("degraded: The summarizer failed 3 times");
    expect(code).toBe(3);
    const output = JSON.parse(stdout) as { steps: unknown[]; fallbacks: number };
    expect(output.fallbacks).toBeGreaterThan(3);
    expect(stderr).toContain("used the strategy's fallback");
    // 3 failed summaries (the breaker), each the first attempt + the SDK's 2 retries
    expect(server.requests.length - before).toBe(9);
  }, 60_000);

  it("OpenAI's own API without a key: exit 2 naming the variable; --base-url without openai is a usage error", async () => {
    const missing = await lab(["simulate", file, "--strategy", "opencode", "--summarizer", "openai", "--json"], { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("OPENAI_API_KEY");
    const misuse = await lab(["simulate", file, "--strategy", "opencode", "--base-url", server.url], {});
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain("--base-url goes with --summarizer openai");
  }, 60_000);
});
