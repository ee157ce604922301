import { describe, expect, it } from "vitest";
import type { ReplayEvent } from "../engine/simulate/replay-events";
import type { ReplayStep } from "../engine/simulate/replay-result";
import { buildSession } from "../engine/testing/build-session";
import { priceReplay } from "./price-replay";

const session = buildSession([{ user: "hi" }, { assistant: "a" }, { assistant: "b" }, { assistant: "c" }]);
// three calls of 10,000 / 20,000 / 30,000 tokens, each keeping the previous whole, 1,000 output tokens each
const steps: ReplayStep[] = [10_000, 20_000, 30_000].map((tokens, step) => ({
  step,
  messageIndex: step + 1,
  contextTokens: tokens,
  recordedTokens: null,
  messages: step + 1,
  epoch: 0,
  length: step + 1,
  keptMessages: step,
  keptTokens: step === 0 ? 0 : tokens - 10_000,
  outputTokens: 1_000,
}));
const compaction = { type: "compaction-end", step: 2, summarizerUsage: { input: 50_000, output: 2_000 } } as unknown as ReplayEvent;

describe("priceReplay", () => {
  it("prices Anthropic's reads, 5-minute writes and output, the summarizer call, and the same calls without caching", () => {
    const cost = priceReplay({ session, result: { steps, events: [compaction] }, model: "claude-sonnet-4-5" })!;
    // reads 10,000 + 20,000; writes 10,000 × 3; no uncached; output 3,000
    expect(cost.tokens).toEqual({ uncachedInput: 0, cacheWrite: 30_000, cacheRead: 30_000, output: 3_000, summarizerInput: 50_000, summarizerOutput: 2_000 });
    // $3.75 / M writes, $0.30 / M reads, $15 / M output; the summarizer (extractive: the agent's model) 50,000 × $3 + 2,000 × $15
    expect(cost.usd!.cacheWrite).toBeCloseTo(0.1125, 10);
    expect(cost.usd!.cacheRead).toBeCloseTo(0.009, 10);
    expect(cost.usd!.output).toBeCloseTo(0.045, 10);
    expect(cost.usd!.summarizer).toBeCloseTo(0.18, 10);
    // 30,000 written × 1.25 + 30,000 read × 0.1 + the summarizer's 50,000 input
    expect(cost.cacheWeightedTokens).toBeCloseTo(37_500 + 3_000 + 50_000, 6);
    expect(cost.price).toEqual({ as: "claude-sonnet-4-5", source: "@pydantic/genai-prices 0.1.8", since: null });
    expect(cost.unpriced).toBeNull();
    // no recorded cache writes in this session: the provider's default TTL
    expect([cost.ttl, cost.ttlSource]).toEqual(["5m", "default"]);
    expect(cost.totalUsd).toBeCloseTo(0.1125 + 0.009 + 0.045 + 0.18, 10);
    // without caching: 60,000 input × $3 + 3,000 × $15 + the summarizer
    expect(cost.withoutCachingUsd).toBeCloseTo(0.18 + 0.045 + 0.18, 10);
    expect(cost.hitRate).toBeCloseTo(0.5, 10);
    expect(cost.calls.map((call) => call.outcome)).toEqual(["first", "hit", "hit"]);
  });

  it("the 1-hour TTL writes at 2× input; OpenAI has no write and reads in 128-token steps", () => {
    const hour = priceReplay({ session, result: { steps, events: [] }, model: "claude-sonnet-4-5", ttl: "1h" })!;
    expect(hour.usd!.cacheWrite).toBeCloseTo(0.18, 10);
    expect(hour.ttlSource).toBe("chosen");
    const openai = priceReplay({ session, result: { steps, events: [] }, model: "gpt-5" })!;
    // reads: 10,000 → 1,024 + 70 × 128 = 9,984; 20,000 → 1,024 + 148 × 128 = 19,968
    expect(openai.tokens).toMatchObject({ cacheRead: 9_984 + 19_968, cacheWrite: 0, uncachedInput: 60_000 - 29_952 });
    expect(openai.totalUsd).toBeCloseTo((29_952 * 0.125 + 30_048 * 1.25 + 3_000 * 10) / 1e6, 10);
  });

  it("a provider override applies another provider's rules at the model's prices; `none` prices no cache", () => {
    const asOpenai = priceReplay({ session, result: { steps, events: [] }, model: "claude-sonnet-4-5", provider: "openai" })!;
    expect(asOpenai.provider).toBe("openai");
    expect(asOpenai.tokens.cacheWrite).toBe(0);
    const none = priceReplay({ session, result: { steps, events: [] }, model: "claude-sonnet-4-5", provider: "none" })!;
    expect(none.totalUsd).toBeCloseTo(none.withoutCachingUsd!, 12);
    expect(none.hitRate).toBe(0);
  });

  it("an unpriced model of a known provider still gets the cache model in tokens, no dollars, and names itself", () => {
    const cost = priceReplay({ session, result: { steps, events: [compaction] }, model: "claude-haiku-9-9" })!;
    expect(cost.provider).toBe("anthropic");
    expect(cost.tokens).toMatchObject({ cacheWrite: 30_000, cacheRead: 30_000, uncachedInput: 0 });
    expect(cost.hitRate).toBeCloseTo(0.5, 10);
    expect([cost.usd, cost.totalUsd, cost.withoutCachingUsd, cost.price]).toEqual([null, null, null, null]);
    expect(cost.unpriced!.model).toBe("claude-haiku-9-9");
    expect(cost.unpriced!.reason).toMatch(/^claude-haiku-9-9 is not in the price catalog \(@pydantic\/genai-prices 0\.1\.8 \(2026-09-23\)\) nor the override file$/);
    // Anthropic's documented multipliers stand in for the missing price: writes 1.25, reads 0.1
    expect(cost.multipliers).toEqual({ read: 0.1, write: 1.25 });
    expect(cost.cacheWeightedTokens).toBeCloseTo(37_500 + 3_000 + 50_000, 6);
  });

  it("a model of no provider the lab knows and no price has no cost; an unknown summarizer model leaves the totals unknown", () => {
    expect(priceReplay({ session, result: { steps, events: [] }, model: "lab-test-model" })).toBeNull();
    expect(priceReplay({ session, result: { steps, events: [] }, model: null })).toBeNull();
    const cost = priceReplay({ session, result: { steps, events: [compaction] }, model: "claude-sonnet-4-5", summarizerModel: "lab-test-model" })!;
    expect(cost.usd!.summarizer).toBeNull();
    expect(cost.totalUsd).toBeNull();
    expect(cost.usd!.cacheRead).toBeGreaterThan(0);
    expect(cost.unpriced).toMatchObject({ model: "lab-test-model" });
  });

  it("follows the TTL the session's recorded cache writes used: Claude Code's ephemeral_1h_input_tokens", () => {
    const usage = (cacheWrite1h: number) => ({ input: 3, output: 10, cacheRead: 0, cacheWrite: 1_000, ...(cacheWrite1h ? { cacheWrite1h } : {}) });
    const withUsage = (cacheWrite1h: number) => ({ ...session, messages: session.messages.map((message) => (message.role === "assistant" ? { ...message, usage: usage(cacheWrite1h) } : message)) });
    const hour = priceReplay({ session: withUsage(1_000), result: { steps, events: [] }, model: "claude-sonnet-4-5", hiddenPrefixTokens: 0 })!;
    expect([hour.ttl, hour.ttlSource]).toEqual(["1h", "transcript"]);
    expect(hour.usd!.cacheWrite).toBeCloseTo((30_000 * 6) / 1e6, 10);
    const five = priceReplay({ session: withUsage(0), result: { steps, events: [] }, model: "claude-sonnet-4-5", hiddenPrefixTokens: 0 })!;
    expect([five.ttl, five.ttlSource]).toEqual(["5m", "transcript"]);
    // a TTL chosen wins over the transcript's; one the provider does not offer falls back to its default
    expect(priceReplay({ session: withUsage(1_000), result: { steps, events: [] }, model: "claude-sonnet-4-5", ttl: "5m", hiddenPrefixTokens: 0 })!.ttl).toBe("5m");
    expect(priceReplay({ session, result: { steps, events: [] }, model: "claude-sonnet-4-5", ttl: "24h" })!.ttl).toBe("5m");
    expect(priceReplay({ session, result: { steps, events: [] }, model: "gpt-5.5", ttl: "24h" })!.ttl).toBe("24h");
  });

  it("a GPT model whose price bills cache writes (GPT-5.6) writes the uncached rest of each prompt", () => {
    const cost = priceReplay({ session, result: { steps, events: [] }, model: "gpt-5.6-sol" })!;
    expect(cost.tokens.cacheWrite).toBe(60_000 - 29_952);
    expect(cost.tokens.uncachedInput).toBe(0);
    expect(cost.usd!.cacheWrite).toBeCloseTo((30_048 * 5) / 1e6, 10);
    expect(cost.multipliers).toEqual({ read: 0.1, write: 1.25 });
  });

  it("prices a Codex model the hand-written table lacked (gpt-5.1-codex-max as the catalog's gpt-5.1)", () => {
    const cost = priceReplay({ session, result: { steps, events: [] }, model: "gpt-5.1-codex-max" })!;
    expect(cost.price!.as).toBe("gpt-5.1");
    expect(cost.totalUsd).toBeCloseTo((29_952 * 0.125 + 30_048 * 1.25 + 3_000 * 10) / 1e6, 10);
  });

  it("Gemini 2.5 Pro bills a prompt over 200K tokens at its long-context rates", () => {
    const long: ReplayStep[] = [{ ...steps[0], contextTokens: 250_000, keptTokens: 0, outputTokens: 0 }];
    const cost = priceReplay({ session, result: { steps: long, events: [] }, model: "gemini-2.5-pro" })!;
    expect(cost.totalUsd).toBeCloseTo(250_000 * 2.5 / 1e6, 10);
  });
});

describe("priceReplay, prompt rewrites the recorded usage shows (an agent restart)", () => {
  const at = (seconds: number) => new Date(Date.UTC(2025, 10, 21, 0, 0, seconds)).toISOString();
  // user, call, user, call, user, call: the last call recorded no read and wrote its whole prompt, 60 s after a cached call
  const usages = [
    { input: 3, output: 1_000, cacheRead: 0, cacheWrite: 10_000 },
    { input: 3, output: 1_000, cacheRead: 10_000, cacheWrite: 10_000 },
    { input: 3, output: 1_000, cacheRead: 0, cacheWrite: 30_000 },
  ];
  const restarted = {
    ...session,
    messages: usages.flatMap((usage, turn) => [
      { id: `u${turn}`, role: "user" as const, parts: [{ type: "text" as const, text: "go" }], timestamp: at(turn * 60) },
      { id: `a${turn}`, role: "assistant" as const, parts: [{ type: "text" as const, text: "ok" }], timestamp: at(turn * 60 + 5), usage },
    ]),
  };
  const turnSteps = steps.map((step, index) => ({ ...step, messageIndex: index * 2 + 1, length: index * 2 + 2, keptMessages: index * 2 }));

  it("writes the whole prompt at the rewritten call, for any strategy's replay; off, the model alone reads the previous prompt", () => {
    const cost = priceReplay({ session: restarted, result: { steps: turnSteps, events: [] }, model: "claude-sonnet-4-5", hiddenPrefixTokens: 0 })!;
    expect(cost.rewrittenCalls).toBe(1);
    expect(cost.recordedRewrites).toBe(true);
    expect(cost.calls[2]).toMatchObject({ read: 0, write: 30_000, outcome: "broken" });
    const blind = priceReplay({ session: restarted, result: { steps: turnSteps, events: [] }, model: "claude-sonnet-4-5", hiddenPrefixTokens: 0, recordedRewrites: false })!;
    expect(blind.rewrittenCalls).toBe(0);
    expect(blind.recordedRewrites).toBe(false);
    expect(blind.calls[2]).toMatchObject({ read: 20_000, write: 10_000, outcome: "hit" });
  });
});
