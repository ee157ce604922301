import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompareRow } from "../../api/contracts/compare-schemas";
import { runLabCli } from "../../testing/run-lab-cli";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../../testing/fake-llm/fake-anthropic-server";

const KEY = "sk-lab-cli-count-tokens-key-24680";
const USER_TEXT = 'Fix "parse()" in parser.ts:\n\tit fails on "quoted" input';
const TRANSCRIPT = {
  messages: [
    { role: "user", content: USER_TEXT },
    { role: "assistant", content: "Reading the parser." },
    { role: "user", content: 'Thanks, now "escape" the\tinput' },
    { role: "assistant", content: "Fixed: the input is escaped now." },
  ],
};

const lab = runLabCli;

let server: FakeAnthropicServer;
let directory: string;
let file: string;
beforeAll(async () => {
  server = await startFakeAnthropicServer({ expectedApiKey: KEY, retryAfterMs: 5 });
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-count-tokens-"));
  file = path.join(directory, "parser.json");
  fs.writeFileSync(file, JSON.stringify(TRANSCRIPT));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const countCalls = () => server.requests.filter((request) => request.path === "/v1/messages/count_tokens").length;

describe("lab simulate --estimator count-tokens (child process, fake server)", () => {
  it("replays with the server's counts (pinned), which differ from chars/4's", async () => {
    const before = countCalls();
    const exact = await lab(["simulate", file, "--strategy", "none", "--estimator", "count-tokens", "--model", "lab-test-model", "--json"], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: KEY });
    expect(exact.code, exact.stderr).toBe(0);
    const output = JSON.parse(exact.stdout) as { estimator: string; precount: { parts: number; counted: number }; steps: { contextTokens: number }[]; final: { contextTokens: number } };
    // 4 text parts, all distinct: the framing probe + 4 counts
    expect(output).toMatchObject({ estimator: "count-tokens", precount: { parts: 4, counted: 5 } });
    expect(countCalls() - before).toBe(5);
    // the fake counts ceil(JSON.stringify(["", [{role:"user",content:text}]]).length / 4), less the framing probe's 8;
    // step 0 sends the first user message: 4 (message overhead) + 16
    expect(4 + Math.ceil(JSON.stringify(["", [{ role: "user", content: USER_TEXT }]]).length / 4) - 8).toBe(20);
    expect(output.steps.map((step) => step.contextTokens)).toEqual([20, 43]);
    expect(output.final.contextTokens).toBe(56);

    const chars4 = await lab(["simulate", file, "--strategy", "none", "--json"], {});
    expect(chars4.code, chars4.stderr).toBe(0);
    expect((JSON.parse(chars4.stdout) as typeof output).steps.map((step) => step.contextTokens)).toEqual([18, 39]);

    const human = await lab(["simulate", file, "--strategy", "none", "--estimator", "count-tokens"], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: KEY });
    expect(human.stdout).toContain("(window 200,000, count-tokens)");
    expect(human.stdout).toContain("count_tokens: 4 parts counted in 5 requests");
    expect(JSON.stringify(server.requests) + exact.stdout + exact.stderr + human.stdout).not.toContain(KEY);
  }, 60_000);

  it("exits 2 saying what is missing when there is no key, before any request", async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await lab(["simulate", file, "--strategy", "none", "--estimator", "count-tokens"], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: undefined });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("--estimator count-tokens needs an API key: set ANTHROPIC_API_KEY");
    expect(server.requests.length).toBe(before);
  }, 60_000);

  it("exits 1 naming why when count_tokens fails (fake 500 after retries)", async () => {
    const { code, stdout, stderr } = await lab(["simulate", file, "--strategy", "none", "--estimator", "count-tokens", "--model", "fake-server-error"], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: KEY });
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("Anthropic count_tokens failed");
    expect(stderr).toContain("server_error");
  }, 60_000);

  it("still refuses an unknown estimator and --model with an offline estimator", async () => {
    const unknown = await lab(["simulate", file, "--strategy", "none", "--estimator", "tiktoken"], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--estimator takes one of chars4, calibrated, bpe, count-tokens");
    const model = await lab(["simulate", file, "--strategy", "none", "--model", "x"], {});
    expect(model.code).toBe(2);
    expect(model.stderr).toContain("--model goes with --summarizer anthropic, --summarizer openai or --estimator count-tokens");
  }, 60_000);
});

describe("lab compare --estimator count-tokens (child process, fake server)", () => {
  it("scores every configuration with the server's counts, the same as lab simulate's", async () => {
    const env = { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: KEY };
    const compared = await lab(["compare", file, "--strategies", "none,trim-messages:maxConversationMessages=2", "--estimator", "count-tokens", "--json"], env);
    expect(compared.code, compared.stderr).toBe(0);
    const rows = compared.stdout.trim().split("\n").map((line) => JSON.parse(line) as CompareRow);
    expect(rows.map((row) => [row.config, row.estimator])).toEqual([
      ["none", "count-tokens"],
      ["trim-messages maxConversationMessages=2", "count-tokens"],
    ]);
    // lab simulate pins the same session's count-tokens steps at [20, 43] (chars/4: [18, 39]); the peak is the
    // largest context at a call or after the last message (one definition with the preview, issue #42 item 8): the
    // server counts 56 with the final reply
    expect(rows[0].totalTokensSent).toBe(20 + 43);
    expect(rows[0].peakContextTokens).toBe(56);
    expect(rows[1].tokensSavedVsNone).toBe(rows[0].totalTokensSent - rows[1].totalTokensSent);
    expect(JSON.stringify(server.requests) + compared.stdout + compared.stderr).not.toContain(KEY);
  }, 60_000);

  it("exits 2 saying what is missing when there is no key, before any request", async () => {
    const before = server.requests.length;
    const { code, stdout, stderr } = await lab(["compare", file, "--all", "--estimator", "count-tokens"], { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: undefined });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("--estimator count-tokens needs an API key: set ANTHROPIC_API_KEY");
    expect(server.requests.length).toBe(before);
  }, 60_000);
});
