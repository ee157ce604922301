import { afterEach, describe, expect, it } from "vitest";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { CHECKPOINT_SUMMARY_FORMAT } from "../engine/summarize/summary-formats";
import type { SummarizeRequest } from "../engine/summarize/summarizer";
import { buildSession } from "../engine/testing/build-session";
import { circuitBreakerSummarizer, CIRCUIT_BREAKER_THRESHOLD } from "../runs/summarizer-circuit-breaker";
import { startFakeOpenAIServer, FAKE_OPENAI_SUMMARY_MARKER, type FakeOpenAIServer, type FakeOpenAIServerOptions } from "../testing/fake-llm/fake-openai-server";
import { resolveOpenAIEndpoint } from "./openai-endpoint";
import { createOpenAISummarizer, type OpenAISummarizerOptions } from "./openai-summarizer";
import { OpenAISummarizerError, type OpenAISummarizerErrorCode } from "./openai-summarizer-error";

const KEY = "sk-lab-openai-per-request-key-0123456789";
const session = buildSession([
  { user: "Fix the failing date test in src/lib/dates.ts" },
  { assistant: "Running the tests.", tools: [{ name: "bash", input: { command: "npm test -- dates" }, output: "FAIL src/lib/dates.test.ts", isError: true }] },
  { user: "Also keep the public API unchanged." },
]);
const request: SummarizeRequest = {
  system: "You are a conversation summarizer.\n\n## Goal\n## Progress",
  instructions: "Summarize the conversation above.",
  format: CHECKPOINT_SUMMARY_FORMAT,
  messages: session.messages,
};

let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(serverOptions: FakeOpenAIServerOptions = {}, options: Partial<OpenAISummarizerOptions> = {}) {
  server = await startFakeOpenAIServer(serverOptions);
  const endpoint = resolveOpenAIEndpoint({ baseUrl: server.url, apiKey: KEY, trusted: true });
  return { server, summarize: createOpenAISummarizer({ model: "fake-gpt-mini", endpoint, maxRetries: 0, timeoutMs: 5_000, ...options }) };
}

async function failureOf(promise: Promise<unknown>): Promise<OpenAISummarizerError> {
  const error = await promise.then(() => null, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(OpenAISummarizerError);
  return error as OpenAISummarizerError;
}

describe("createOpenAISummarizer against the fake OpenAI-compatible server (real SDK, real HTTP)", () => {
  it("summary: the strategy's prompt as a system and one user message, usage counted, the key never recorded", async () => {
    const { server, summarize } = await setup();
    const result = await summarize(request);
    expect(result.text.startsWith(FAKE_OPENAI_SUMMARY_MARKER)).toBe(true);
    expect(result.text).toContain("## Goal");
    expect(result.text).toContain("src/lib/dates.ts");
    expect(result.usage.input).toBeGreaterThan(10);
    expect(result.usage.output).toBeGreaterThan(5);
    const body = server.requests[0].body as { messages: { role: string; content: string }[]; max_tokens: number; temperature: number };
    expect(server.requests[0].path).toBe("/v1/chat/completions");
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(body.messages[1].content).toContain("<transcript>");
    expect(body.max_tokens).toBe(4_096);
    expect(body.temperature).toBe(0);
    expect(JSON.stringify(server.requests)).not.toContain(KEY);
  });

  it("rate-limit-then-ok: the SDK retries after retry-after and the summary arrives", async () => {
    const { server, summarize } = await setup({ behaviour: "rate-limit-then-ok" }, { maxRetries: 2 });
    const result = await summarize(request);
    expect(result.text.startsWith(FAKE_OPENAI_SUMMARY_MARKER)).toBe(true);
    expect(server.requests.map((entry) => entry.status)).toEqual([429, 200]);
  });

  it.each<[FakeOpenAIServerOptions["behaviour"], OpenAISummarizerErrorCode, number]>([
    ["server-error", "server_error", 3],
    ["malformed", "malformed_response", 1],
    ["empty", "empty_summary", 1],
    ["slow", "timeout", 1],
  ])("%s → %s after %i request(s)", async (behaviour, code, calls) => {
    const { server, summarize } = await setup({ behaviour, slowMs: 2_000, retryAfterMs: 10 }, { maxRetries: behaviour === "server-error" ? 2 : 0, timeoutMs: 300 });
    const error = await failureOf(summarize(request));
    expect(error.code).toBe(code);
    expect(error.message).not.toContain(KEY);
    expect(server.requests).toHaveLength(calls);
  });

  it("auth: a wrong key is `auth`, and the key is not in the message", async () => {
    const { summarize } = await setup({ expectedApiKey: "the-right-key" });
    const error = await failureOf(summarize(request));
    expect(error.code).toBe("auth");
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(KEY);
  });

  it("aborted: a cancelled call rejects `aborted`", async () => {
    const { summarize } = await setup({ behaviour: "slow", slowMs: 5_000 });
    const controller = new AbortController();
    const pending = summarize({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failureOf(pending)).code).toBe("aborted");
  });
});

describe("a replay whose OpenAI-compatible endpoint always fails", () => {
  it("makes a bounded number of calls (breaker × (1 + retries)), falls back, and loses no message", async () => {
    const long = buildSession(
      Array.from({ length: 30 }, (_, round) => [
        { user: `Round ${round}: fix src/module${round}.ts` },
        { assistant: `Working on round ${round}.`, tools: [{ name: "bash", input: { command: `npm test -- module${round}` }, output: "ok ".repeat(400) }] },
      ]).flat(),
    );
    const { server, summarize } = await setup({ behaviour: "server-error", retryAfterMs: 1 }, { maxRetries: 1 });
    const breaker = circuitBreakerSummarizer({ summarizer: summarize });
    const result = await replaySession({ session: long, strategy: findStrategy("opencode")!, settings: {}, window: 6_000, outputReserve: 0, estimator: "chars4", summarizer: breaker.summarizer });
    const state = breaker.state();
    expect(state.open).toBe(true);
    expect(state.failures).toBe(CIRCUIT_BREAKER_THRESHOLD);
    expect(state.skipped).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(CIRCUIT_BREAKER_THRESHOLD * 2);
    expect(result.steps).toHaveLength(30);
    expect(result.events.some((event) => event.type === "fallback")).toBe(true);
  });
});
