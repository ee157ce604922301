import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSession } from "../../engine/testing/build-session";
import { startFakeAnthropicServer, type FakeAnthropicServer } from "../../testing/fake-llm/fake-anthropic-server";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "../../testing/fake-llm/fake-openai-server";
import { exportAnthropic } from "../../transcripts/export-anthropic";
import { runCli } from "../run-cli";

let directory: string;
let file: string;
let anthropic: FakeAnthropicServer;
let openai: FakeOpenAIServer;
const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-judged-"));
  file = path.join(directory, "session.json");
  const turns = [{ user: "Keep everything under src/. Begin with src/app/entry_point.ts" }];
  for (let index = 0; index < 12; index++) turns.push({ user: `now module_${index}: fix src/module_${index}/index.ts` });
  fs.writeFileSync(file, JSON.stringify(exportAnthropic(buildSession(turns.flatMap((turn, index) => [turn, { assistant: `done step_${index}` }]))).messages));
  anthropic = await startFakeAnthropicServer();
  openai = await startFakeOpenAIServer();
  process.env.ANTHROPIC_BASE_URL = anthropic.url;
  process.env.ANTHROPIC_API_KEY = "cli-judged-key";
});
afterAll(async () => {
  fs.rmSync(directory, { recursive: true, force: true });
  await anthropic.close();
  await openai.close();
  process.env.ANTHROPIC_BASE_URL = saved.url;
  if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
  else process.env.ANTHROPIC_API_KEY = saved.key;
});

async function lab(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

const base = () => ["simulate", file, "--strategy", "trim-messages", "--set", "maxConversationMessages=6", "--judged-probes", "--questions", "2", "--judged-compactions", "2"];

describe("lab simulate --judged-probes", () => {
  it("shows the calls and the cost and sends nothing without --yes", async () => {
    const { code, stderr } = await lab(base());
    expect(code).toBe(2);
    expect(stderr).toMatch(/2 of \d+ compactions × 3 calls = 6 model calls/);
    expect(stderr).toMatch(/estimated \$\d+\.\d{4}/);
    expect(stderr).toContain("add --yes");
    expect(anthropic.requests).toHaveLength(0);
  });

  it("with --yes, the JSON carries the grades (Anthropic fake)", async () => {
    const { code, stdout } = await lab([...base(), "--yes", "--json"]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout) as { judgedProbes: { calls: number; points: { questions: unknown[] }[]; overall: number; byDimension: Record<string, number> } };
    expect(output.judgedProbes.calls).toBe(6);
    expect(output.judgedProbes.points).toHaveLength(2);
    expect(output.judgedProbes.overall).toBeGreaterThanOrEqual(0);
    expect(Object.keys(output.judgedProbes.byDimension)).toHaveLength(6);
    expect(anthropic.requests).toHaveLength(6);
  });

  it("on an OpenAI-compatible endpoint, and a failing judge exits 1 naming why", async () => {
    const ok = await lab([...base(), "--yes", "--json", "--judge-provider", "openai", "--judge-base-url", openai.url, "--judge-model", "fake-gpt-mini"]);
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as { judgedProbes: { provider: string } }).judgedProbes.provider).toBe("openai");
    const failed = await lab([...base(), "--yes", "--json", "--judge-model", "fake-server-error"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("server_error");
    expect(failed.stdout).toBe("");
  });
});
