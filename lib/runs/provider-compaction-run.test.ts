import { afterEach, describe, expect, it } from "vitest";
import { BadRequestError } from "../api/contracts/errors";
import { finalContext } from "../engine/simulate/context-at";
import type { CompactionEndEvent, ReplayEvent } from "../engine/simulate/replay-events";
import { replaySession } from "../engine/simulate/replay-session";
import { anthropicCompactionStrategy } from "../engine/strategies/anthropic-compaction";
import { openaiCompactionStrategy } from "../engine/strategies/openai-compaction";
import { buildSession } from "../engine/testing/build-session";
import { createAnthropicSummarizer } from "../llm/anthropic-summarizer";
import { FAKE_COMPACTION_MARKER, startFakeAnthropicServer, type FakeAnthropicServer } from "../testing/fake-llm/fake-anthropic-server";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "../testing/fake-llm/fake-openai-server";
import { resolveOpenAIEndpoint } from "../llm/openai-endpoint";
import { createOpenAISummarizer } from "../llm/openai-summarizer";
import { withProviderCompaction } from "../llm/with-provider-compaction";
import { buildSummarizer } from "./build-summarizer";
import { breakerOutcome, circuitBreakerSummarizer } from "./summarizer-circuit-breaker";

const KEY = "sk-lab-provider-strategy-0123456789";
// 12 turns of ~7,500 tokens of tool output: past Anthropic's 50,000-token minimum trigger several times over
const session = buildSession([
  { system: "You are a coding agent." },
  ...Array.from({ length: 12 }, (_, turn) => [
    { user: `Step ${turn}: fix src/part-${turn}.ts and keep the API` },
    { assistant: `Reading part ${turn}.`, tools: [{ name: "bash", input: { command: `cat src/part-${turn}.ts` }, output: `export const v${turn} = ${turn};\n`.repeat(1_500) }] },
  ]).flat(),
]);

let anthropic: FakeAnthropicServer | undefined;
let openai: FakeOpenAIServer | undefined;
afterEach(async () => {
  await anthropic?.close();
  await openai?.close();
  anthropic = openai = undefined;
});

const ends = (events: readonly ReplayEvent[]) => events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");

function anthropicSummarizer(url: string, options: { maxRetries?: number; timeoutMs?: number } = {}) {
  const summarizer = createAnthropicSummarizer({ model: "lab-test-model", apiKey: KEY, baseURL: url, ...options });
  return withProviderCompaction(summarizer, { target: { provider: "anthropic", model: "lab-test-model", apiKey: KEY, baseURL: url, ...options } });
}

function openaiSummarizer(url: string, options: { maxRetries?: number; timeoutMs?: number } = {}) {
  const endpoint = resolveOpenAIEndpoint({ baseUrl: url, apiKey: KEY, trusted: true });
  return withProviderCompaction(createOpenAISummarizer({ model: "fake-gpt-mini", endpoint, ...options }), { target: { provider: "openai", model: "fake-gpt-mini", endpoint, ...options } });
}

describe("anthropic-compaction against the fake Anthropic server", () => {
  it("compacts when the context reaches the trigger: the readable summary is the pivot, the usage is counted, the key never sent in the body", async () => {
    anthropic = await startFakeAnthropicServer();
    const result = await replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 50_000, instructions: "Keep every file path." }, window: 200_000, summarizer: anthropicSummarizer(anthropic.url, { maxRetries: 0 }) });
    const compactions = ends(result.events);
    expect(compactions.length).toBeGreaterThanOrEqual(1);
    expect(compactions[0].summary).toContain(FAKE_COMPACTION_MARKER);
    expect(compactions[0].summarizerUsage?.input).toBeGreaterThanOrEqual(50_000);
    expect(compactions[0].tokensAfter).toBeLessThan(compactions[0].tokensBefore);
    expect(anthropic.requests).toHaveLength(compactions.length);
    const body = anthropic.requests[0].body as { context_management: { edits: { trigger: unknown; instructions: string }[] } };
    expect(body.context_management.edits[0]).toMatchObject({ trigger: { type: "input_tokens", value: 50_000 }, instructions: "Keep every file path." });
    expect(JSON.stringify(anthropic.requests)).not.toContain(KEY);
    expect(finalContext(session, result).messages.some((entry) => entry.purpose === "summary")).toBe(true);
  });

  it("an endpoint that always fails: a bounded number of calls (retries, then the breaker), the context left whole, the run failed with the reason", async () => {
    anthropic = await startFakeAnthropicServer({ behaviour: "server-error", retryAfterMs: 1 });
    const breaker = circuitBreakerSummarizer({ summarizer: anthropicSummarizer(anthropic.url, { maxRetries: 1 }) });
    const result = await replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 50_000 }, window: 200_000, summarizer: breaker.summarizer });
    // 3 failed compactions (2 attempts each) open the breaker; later ones are not sent
    expect(anthropic.requests.length).toBeLessThanOrEqual(6);
    const fallbacks = result.events.filter((event) => event.type === "fallback");
    expect(fallbacks.length).toBeGreaterThan(3);
    // nothing lost: every session message is still in the context sent last
    expect(finalContext(session, result).messages.filter((entry) => entry.sessionIndex !== null)).toHaveLength(session.messages.length);
    const outcome = breakerOutcome(breaker.state(), { unchangedFallbacks: fallbacks.length });
    expect(outcome.status).toBe("failed");
    expect(outcome.error).toMatch(/server_error/);
  });

  it.each([
    ["malformed", /malformed_response/],
    ["empty", /empty_summary/],
  ] as const)("%s: the compaction falls back naming the error", async (behaviour, reason) => {
    anthropic = await startFakeAnthropicServer({ behaviour });
    const result = await replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 50_000 }, window: 200_000, summarizer: anthropicSummarizer(anthropic.url, { maxRetries: 0 }) });
    expect(result.events.find((event) => event.type === "fallback")).toMatchObject({ reason: expect.stringMatching(reason), outcome: "unchanged" });
  });

  it("rate-limit-then-ok: the SDK's retry gets the compaction through", async () => {
    anthropic = await startFakeAnthropicServer({ behaviour: "rate-limit-then-ok", retryAfterMs: 1 });
    const result = await replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 50_000 }, window: 200_000, summarizer: anthropicSummarizer(anthropic.url, { maxRetries: 2 }) });
    expect(ends(result.events)[0].summary).toContain(FAKE_COMPACTION_MARKER);
    expect(anthropic.requests.map((request) => request.status).slice(0, 2)).toEqual([429, 200]);
  });

  it("slow: the per-attempt timeout ends the call, and cancelling rejects the replay without waiting for the server", async () => {
    anthropic = await startFakeAnthropicServer({ behaviour: "slow", slowMs: 5_000 });
    const timedOut = await replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 50_000 }, window: 200_000, summarizer: anthropicSummarizer(anthropic.url, { maxRetries: 0, timeoutMs: 200 }) });
    expect(timedOut.events.find((event) => event.type === "fallback")).toMatchObject({ reason: expect.stringMatching(/timeout/) });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error("cancelled by the test")), 300);
    await expect(replaySession({ session, strategy: anthropicCompactionStrategy, settings: { triggerTokens: 50_000 }, window: 200_000, summarizer: anthropicSummarizer(anthropic.url, { maxRetries: 0 }), signal: controller.signal })).rejects.toThrow(/cancelled by the test/);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe("openai-compaction against the fake OpenAI server", () => {
  it("the opaque item stands in the context at the size OpenAI reported; the user's messages are kept", async () => {
    openai = await startFakeOpenAIServer();
    const result = await replaySession({ session, strategy: openaiCompactionStrategy, settings: { compactThreshold: 40_000 }, window: 200_000, summarizer: openaiSummarizer(openai.url, { maxRetries: 0 }) });
    const [first] = ends(result.events);
    expect(first.summary).toBeNull();
    expect(first.opaque?.tokens).toBeGreaterThan(0);
    expect(first.opaque?.tokens).toBe(first.summarizerUsage?.output);
    expect(openai.requests[0].path).toBe("/v1/responses/compact");
    const context = finalContext(session, result).messages;
    const opaque = context.flatMap((entry) => entry.message.parts.filter((part) => part.type === "opaque"));
    expect(opaque).toHaveLength(1);
    // the item's encrypted content is never kept by the lab
    expect(JSON.stringify(result)).not.toContain("gAAAAfake");
    // every user message of the session is still there, verbatim
    const users = session.messages.filter((message) => message.role === "user");
    expect(context.filter((entry) => entry.message.role === "user" && entry.sessionIndex !== null).map((entry) => entry.message.id)).toEqual(users.map((message) => message.id));
  });

  it.each([
    ["malformed", /malformed_response/],
    ["server-error", /server_error/],
  ] as const)("%s: falls back naming the error, calls bounded", async (behaviour, reason) => {
    openai = await startFakeOpenAIServer({ behaviour, retryAfterMs: 1 });
    const breaker = circuitBreakerSummarizer({ summarizer: openaiSummarizer(openai.url, { maxRetries: 1 }) });
    const result = await replaySession({ session, strategy: openaiCompactionStrategy, settings: { compactThreshold: 40_000 }, window: 200_000, summarizer: breaker.summarizer });
    expect(result.events.find((event) => event.type === "fallback")).toMatchObject({ reason: expect.stringMatching(reason) });
    expect(openai.requests.length).toBeLessThanOrEqual(6);
    expect(finalContext(session, result).messages.filter((entry) => entry.sessionIndex !== null)).toHaveLength(session.messages.length);
  });

  it("a summarizer of the other provider refuses the request: nothing is sent to a provider the run did not name", async () => {
    anthropic = await startFakeAnthropicServer();
    const result = await replaySession({ session, strategy: openaiCompactionStrategy, settings: { compactThreshold: 40_000 }, window: 200_000, summarizer: anthropicSummarizer(anthropic.url, { maxRetries: 0 }) });
    expect(result.events.find((event) => event.type === "fallback")).toMatchObject({ reason: expect.stringMatching(/openai-compaction needs the openai summarizer/) });
    expect(anthropic.requests).toHaveLength(0);
  });
});

describe("buildSummarizer and the providers' strategies", () => {
  it.each([
    ["anthropic-compaction", "extractive"],
    ["anthropic-compaction", "openai"],
    ["openai-compaction", "extractive"],
    ["openai-compaction", "anthropic"],
  ] as const)("%s with the %s summarizer is refused before anything runs, naming the summarizer to choose", (strategy, summarizer) => {
    const error = (() => {
      try {
        buildSummarizer({ strategy, settings: {}, outputReserve: 0, estimator: "chars4", summarizer, apiKey: KEY, openaiApiKey: KEY, baseUrl: "http://127.0.0.1:9/v1", model: "m" }, { trustedBaseUrl: true });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe("provider_strategy_needs_provider");
    expect((error as Error).message).toContain(`choose the ${strategy.split("-")[0]} summarizer`);
  });
});
