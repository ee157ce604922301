import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLabCli } from "../../testing/run-lab-cli";
import type { CompareRow } from "../../api/compare-schemas";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../../llm/fake-anthropic-server";

const KEY = "sk-lab-cli-compare-count-tokens-13579";
const TRANSCRIPT = {
  messages: [
    { role: "user", content: 'Fix "parse()" in parser.ts:\n\tit fails on "quoted" input' },
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
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-compare-count-tokens-"));
  file = path.join(directory, "parser.json");
  fs.writeFileSync(file, JSON.stringify(TRANSCRIPT));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
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
    // lab simulate pins the same session's count-tokens steps at [20, 43] (chars/4: [18, 39])
    expect(rows[0].totalTokensSent).toBe(20 + 43);
    expect(rows[0].peakContextTokens).toBe(43);
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
