import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { cacheRulesByProvider } from "../../cache/cache-rules";
import { sessionCacheOf } from "../../cache/session-cache-rules";
import type { Session } from "../../model";
import type { TrimEvent } from "../../simulate/replay-events";
import { replaySession } from "../../simulate/replay-session";
import { DEFAULT_KEEPER_SETTINGS, keeperStrategy, KeeperSettingsSchema } from "../keeper";
import { keeperCachePrices } from "./cache-economics";

const UNSET = { cacheReadMultiplier: null, cacheWriteMultiplier: null, cacheTtlSeconds: null, cacheLookbackMessages: null };
/** The four cache settings written out as numbers: Anthropic's 5-minute cache and OpenAI's automatic one. */
const ANTHROPIC_SET = { cacheReadMultiplier: 0.1, cacheWriteMultiplier: 1.25, cacheTtlSeconds: 300, cacheLookbackMessages: 20 };
const ANTHROPIC_SET_PRICES = { readMultiplier: 0.1, writeMultiplier: 1.25, ttlSeconds: 300, lookbackMessages: 20 };
const OPENAI_SET = { cacheReadMultiplier: 0.1, cacheWriteMultiplier: 1, cacheTtlSeconds: 300, cacheLookbackMessages: 0 };

function withModel(session: Session, model: string | undefined): Session {
  const meta = { ...session.meta };
  delete meta.model;
  return { ...session, meta: model === undefined ? meta : { ...meta, model }, messages: session.messages.map(({ model: _model, ...message }) => message) };
}

/** The steps keeper compacted before, in order (its compaction is one literal message: a trim event). */
async function compactionSteps(session: Session, settings: Record<string, unknown> = {}): Promise<number[]> {
  const result = await replaySession({ session, strategy: keeperStrategy, window: 64_000, settings });
  return result.events.filter((event): event is TrimEvent => event.type === "trim").map((event) => event.step);
}

describe("keeper prices the cache of the session's own model unless its settings say otherwise", () => {
  it("leaves the four cache settings unset by default, and accepts numbers or null for each", () => {
    expect(DEFAULT_KEEPER_SETTINGS).toMatchObject(UNSET);
    expect(KeeperSettingsSchema.parse({ ...DEFAULT_KEEPER_SETTINGS, ...OPENAI_SET })).toMatchObject(OPENAI_SET);
    expect(() => KeeperSettingsSchema.parse({ ...DEFAULT_KEEPER_SETTINGS, cacheReadMultiplier: 2 })).toThrow(/cacheReadMultiplier/);
  });

  it("takes an unset setting from the provider's rules and a set one as it is", () => {
    const at = (provider: keyof typeof cacheRulesByProvider, ttl: "5m" | "1h" | "24h" = "5m") => ({ rules: cacheRulesByProvider[provider], ttl });
    expect(keeperCachePrices(UNSET, at("anthropic"))).toEqual({ readMultiplier: 0.1, writeMultiplier: 1.25, ttlSeconds: 300, lookbackMessages: 20, source: "anthropic's 5m cache" });
    expect(keeperCachePrices(UNSET, at("anthropic", "1h"))).toEqual({ readMultiplier: 0.1, writeMultiplier: 2, ttlSeconds: 3600, lookbackMessages: 20, source: "anthropic's 1h cache" });
    expect(keeperCachePrices(UNSET, at("openai"))).toEqual({ readMultiplier: 0.1, writeMultiplier: 1, ttlSeconds: 300, lookbackMessages: 0, source: "openai's 5m cache" });
    expect(keeperCachePrices(UNSET, at("google"))).toMatchObject({ writeMultiplier: 1, lookbackMessages: 0, source: "google's 5m cache" });
    expect(keeperCachePrices({ ...UNSET, cacheWriteMultiplier: 2 }, at("openai"))).toMatchObject({ writeMultiplier: 2, readMultiplier: 0.1, source: "openai's 5m cache and settings" });
    expect(keeperCachePrices(ANTHROPIC_SET, at("openai"))).toEqual({ readMultiplier: 0.1, writeMultiplier: 1.25, ttlSeconds: 300, lookbackMessages: 20, source: "settings" });
  });

  it("prices a run without a prompt cache at the base price for every token, never cold", () => {
    const none = { rules: null, ttl: "5m" as const };
    expect(keeperCachePrices(UNSET, none)).toEqual({ readMultiplier: 1, writeMultiplier: 1, ttlSeconds: Number.POSITIVE_INFINITY, lookbackMessages: 0, source: "no prompt cache" });
    expect(keeperCachePrices({ ...UNSET, cacheReadMultiplier: 0.5 }, none)).toMatchObject({ readMultiplier: 0.5, writeMultiplier: 1, source: "no prompt cache and settings" });
    expect(keeperCachePrices(ANTHROPIC_SET, none)).toEqual({ ...ANTHROPIC_SET_PRICES, source: "settings" });
  });

  it("reads the session's model as the cost does: the one it names, else its assistants' most frequent; Anthropic's when none is known", () => {
    const session = generateSession({ seed: 4, messages: 40 });
    const provider = (of: Session) => sessionCacheOf(of).rules?.provider;
    expect(provider(withModel(session, "gpt-5.5"))).toBe("openai");
    expect(provider(withModel(session, "openai/gpt-5.4-mini"))).toBe("openai");
    expect(provider(withModel(session, "gemini-2.5-flash"))).toBe("google");
    expect(provider(withModel(session, "claude-opus-4-5-20251101"))).toBe("anthropic");
    expect(provider(withModel(session, "llama-4-maverick"))).toBe("anthropic");
    expect(provider(withModel(session, undefined))).toBe("anthropic");
    const bare = withModel(session, undefined);
    const assistants = { ...bare, messages: bare.messages.map((message, index) => (message.role === "assistant" ? { ...message, model: index < 6 ? "claude-sonnet-4-5" : "gpt-5.5" } : message)) };
    expect(provider(assistants)).toBe("openai");
  });

  it("compacts an OpenAI session where OpenAI's numbers put it, and an Anthropic one where Anthropic's do", async () => {
    const session = generateSession({ seed: 2, messages: 1_500 });
    const openai = withModel(session, "gpt-5.5");
    const anthropic = withModel(session, "claude-sonnet-4-5");
    const [openaiDefault, openaiWritten, anthropicDefault, anthropicWritten] = await Promise.all([
      compactionSteps(openai),
      compactionSteps(openai, OPENAI_SET),
      compactionSteps(anthropic),
      compactionSteps(anthropic, ANTHROPIC_SET),
    ]);
    expect(openaiDefault.length).toBeGreaterThan(2);
    expect(openaiDefault).toEqual(openaiWritten);
    expect(anthropicDefault).toEqual(anthropicWritten);
    // a write at 1× instead of 1.25× puts the cheapest point nearer what a compaction leaves: more compactions
    expect(openaiDefault).not.toEqual(anthropicDefault);
    expect(openaiDefault.length).toBeGreaterThan(anthropicDefault.length);
    // the settings win over the session's model
    expect(await compactionSteps(openai, ANTHROPIC_SET)).toEqual(anthropicDefault);
  });

  it("says which prices it compacted at", async () => {
    const result = await replaySession({ session: withModel(generateSession({ seed: 2, messages: 1_500 }), "gpt-5.5"), strategy: keeperStrategy, window: 64_000 });
    const reasons = result.events.filter((event): event is TrimEvent => event.type === "trim").map((event) => event.reason);
    expect(reasons.some((reason) => reason.includes("reads 0.1× and writes 1× the input price (openai's 5m cache;"))).toBe(true);
  });

  it("takes the TTL the session's usage records: Anthropic's 1-hour cache writes at 2× and stays warm for an hour", async () => {
    const session = withModel(generateSession({ seed: 2, messages: 1_500 }), "claude-sonnet-4-5");
    const hourly: Session = {
      ...session,
      messages: session.messages.map((message) => (message.usage ? { ...message, usage: { ...message.usage, cacheWrite: Math.max(1, message.usage.cacheWrite), cacheWrite1h: Math.max(1, message.usage.cacheWrite) } } : message)),
    };
    expect(session.messages.some((message) => message.usage)).toBe(true);
    expect(sessionCacheOf(hourly).ttl).toBe("1h");
    expect(sessionCacheOf(session).ttl).toBe("5m");
    const [hourDefault, hourWritten, fiveDefault] = await Promise.all([
      compactionSteps(hourly),
      compactionSteps(hourly, { ...ANTHROPIC_SET, cacheWriteMultiplier: 2, cacheTtlSeconds: 3600 }),
      compactionSteps(session),
    ]);
    expect(hourDefault).toEqual(hourWritten);
    expect(hourDefault).not.toEqual(fiveDefault);
  });
});
