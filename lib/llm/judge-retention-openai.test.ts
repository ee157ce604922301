import { afterEach, describe, expect, it } from "vitest";
import { normalizeProbeText } from "../engine/evaluate/normalize-probe-text";
import type { Probe } from "../engine/evaluate/probe";
import type { ContextSnapshot } from "../engine/simulate/context-at";
import { startFakeOpenAIServer, type FakeOpenAIServer, type FakeOpenAIServerOptions } from "../testing/fake-llm/fake-openai-server";
import { judgeRetention } from "./judge-retention";
import { JudgeRetentionError } from "./judge-retention-error";
import { JUDGE_SYSTEM_PROMPT } from "./judge-retention-prompt";

const KEY = "sk-lab-openai-judge-key-1234567890";
let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const probe = (kind: Probe["kind"], text: string, index: number): Probe => ({ id: `${kind}-${index}`, kind, text, normalized: normalizeProbeText(text), firstStep: 0, messageId: `m${index}` });
const context: ContextSnapshot = {
  step: "final",
  messages: [{ message: { id: "s0", role: "user", parts: [{ type: "text", text: 'we edited "src/lib/dates.ts" and ran `npm test -- dates`' }] }, sessionIndex: null, purpose: "summary", marks: {} }],
  contextTokens: 20,
};
const probes = [probe("file-path", "src/lib/dates.ts", 0), probe("command", "npm test -- dates", 1), probe("error", "TypeError: boom", 2)];

async function judge(serverOptions: FakeOpenAIServerOptions = {}) {
  server = await startFakeOpenAIServer(serverOptions);
  return judgeRetention({ provider: "openai", context, probes, apiKey: KEY, model: "fake-gpt-mini", baseURL: server.url, trustedBaseUrl: true, maxRetries: 0, timeoutMs: 5_000 });
}

describe("judgeRetention with an OpenAI-compatible judge (fake server, real SDK)", () => {
  it("asks one chat completion with the judge's system prompt and scores the honest answer", async () => {
    const result = await judge();
    expect(result.asked).toBe(3);
    expect(result.byKind["file-path"]).toMatchObject({ counted: 1, retained: 1 });
    expect(result.byKind.error).toMatchObject({ counted: 1, retained: 0 });
    const body = server!.requests[0].body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]).toEqual({ role: "system", content: JUDGE_SYSTEM_PROMPT });
    expect(JSON.stringify(server!.requests)).not.toContain(KEY);
  });

  it.each([
    ["garbled", "malformed_answer"],
    ["server-error", "server_error"],
    ["malformed", "malformed_response"],
  ] as const)("%s → %s, never a silent score", async (behaviour, code) => {
    const error = await judge({ behaviour }).then(() => null, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(JudgeRetentionError);
    expect((error as JudgeRetentionError).code).toBe(code);
    expect((error as Error).message).toMatch(/^retention judge: /);
  });
});
