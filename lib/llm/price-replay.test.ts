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
    expect(cost.usd.cacheWrite).toBeCloseTo(0.1125, 10);
    expect(cost.usd.cacheRead).toBeCloseTo(0.009, 10);
    expect(cost.usd.output).toBeCloseTo(0.045, 10);
    expect(cost.usd.summarizer).toBeCloseTo(0.18, 10);
    expect(cost.totalUsd).toBeCloseTo(0.1125 + 0.009 + 0.045 + 0.18, 10);
    // without caching: 60,000 input × $3 + 3,000 × $15 + the summarizer
    expect(cost.withoutCachingUsd).toBeCloseTo(0.18 + 0.045 + 0.18, 10);
    expect(cost.hitRate).toBeCloseTo(0.5, 10);
    expect(cost.calls.map((call) => call.outcome)).toEqual(["first", "hit", "hit"]);
  });

  it("the 1-hour TTL writes at 2× input; OpenAI has no write and reads in 128-token steps", () => {
    const hour = priceReplay({ session, result: { steps, events: [] }, model: "claude-sonnet-4-5", ttl: "1h" })!;
    expect(hour.usd.cacheWrite).toBeCloseTo(0.18, 10);
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

  it("an unknown model costs unknown, never a guess; an unknown summarizer model leaves the totals unknown", () => {
    expect(priceReplay({ session, result: { steps, events: [] }, model: "gpt-5.6-sol" })).toBeNull();
    expect(priceReplay({ session, result: { steps, events: [] }, model: null })).toBeNull();
    const cost = priceReplay({ session, result: { steps, events: [compaction] }, model: "claude-sonnet-4-5", summarizerModel: "lab-test-model" })!;
    expect(cost.usd.summarizer).toBeNull();
    expect(cost.totalUsd).toBeNull();
    expect(cost.usd.cacheRead).toBeGreaterThan(0);
  });

  it("Gemini 2.5 Pro bills a prompt over 200K tokens at its long-context rates", () => {
    const long: ReplayStep[] = [{ ...steps[0], contextTokens: 250_000, keptTokens: 0, outputTokens: 0 }];
    const cost = priceReplay({ session, result: { steps: long, events: [] }, model: "gemini-2.5-pro" })!;
    expect(cost.totalUsd).toBeCloseTo(250_000 * 2.5 / 1e6, 10);
  });
});
