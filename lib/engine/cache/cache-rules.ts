/**
 * How each provider's prompt cache works, as data (the numbers the cache model reads; prices come from the price
 * catalog, lib/llm/model-prices.ts). Written 2026-11-26 and checked 2026-11-27 against the providers' pages, each
 * named in `source` with the date read. RULES CHANGE: check the source before relying on one.
 */

import type { SessionEventKind } from "../model";

export const CACHE_PROVIDER_IDS = ["anthropic", "openai", "google"] as const;
export type CacheProviderId = (typeof CACHE_PROVIDER_IDS)[number];

/**
 * How long a cache entry lives after its last use: Anthropic's 5-minute default and 1-hour option, OpenAI's in-memory
 * retention (5m) and extended 24-hour retention, Gemini's implicit cache (5m, unpublished) and explicit caches (1h,
 * the API's default TTL). A TTL the provider does not offer falls back to its default.
 */
export const CACHE_TTL_IDS = ["5m", "1h", "24h"] as const;
export type CacheTtlId = (typeof CACHE_TTL_IDS)[number];

export interface CacheRules {
  provider: CacheProviderId;
  /**
   * `breakpoints`: the agent marks where the cache ends (Anthropic's cache_control); a call reads the longest
   * entry an earlier call wrote whose prefix is still sent unchanged, and writes the rest up to its own end.
   * `automatic`: the provider caches every prompt's prefix by itself; a call reads what it shares with the
   * previous one; there is no write (OpenAI, Gemini implicit caching).
   */
  mode: "breakpoints" | "automatic";
  /** prompts shorter than this are neither read from nor written to the cache (the model's own value wins) */
  minimumTokens: number;
  /** minimum cacheable prompt by model id prefix, longest prefix first when looked up */
  minimumTokensByModel: Readonly<Record<string, number>>;
  /** automatic caching hits in steps of this many tokens past the minimum (OpenAI: 128); 1 = any length */
  stepTokens: number;
  /**
   * breakpoints: how far (in messages) before its own breakpoint the provider looks for an earlier entry; an
   * entry further back is not found (Anthropic: about 20 content blocks)
   */
  lookbackMessages: number | null;
  /** lifetime of an entry after its last use, seconds, by TTL option; `defaultTtl` when the run picks none */
  ttlSeconds: Readonly<Partial<Record<CacheTtlId, number>>>;
  defaultTtl: CacheTtlId;
  /**
   * The provider's cache prices relative to its base input price: a read, and a write per TTL (1 = billed as input,
   * no surcharge). What `cacheWeightedTokens` weighs by when a model has no price, and what a price that lacks a
   * rate falls back to. A model's own catalog price wins where it has the rate.
   */
  multipliers: { read: number; write: Readonly<Partial<Record<CacheTtlId, number>>> };
  /**
   * What a recorded change of the agent's request settings (a session event) invalidates at the next call:
   * `messages` the cached message content is dropped while the system prompt and tools stay cached, `prompt` the
   * whole prompt is written again, `none` the provider documents no effect.
   */
  invalidatedBy: Readonly<Record<SessionEventKind, "messages" | "prompt" | "none">>;
  /** where `invalidatedBy` comes from */
  invalidationSource: string;
  /** how a provider's server-side compaction is billed, where it has one (null: none) */
  serverCompaction: string | null;
  /** where the rules come from and when they were read */
  source: string;
  date: string;
}

export const CACHE_RULES_DATE = "2026-11-27";

export const cacheRulesByProvider: Readonly<Record<CacheProviderId, CacheRules>> = {
  anthropic: {
    provider: "anthropic",
    mode: "breakpoints",
    minimumTokens: 1024,
    minimumTokensByModel: {
      "claude-opus-5": 512,
      "claude-fable-5": 512,
      "claude-mythos-5": 512,
      "claude-opus-4-8": 1024,
      "claude-sonnet-5": 1024,
      "claude-opus-4-7": 2048,
      "claude-opus-4-6": 4096,
      "claude-opus-4-5": 4096,
      "claude-haiku-4-5": 4096,
      "claude-sonnet-4-6": 1024,
      "claude-sonnet-4-5": 1024,
      "claude-opus-4-1": 1024,
      "claude-opus-4": 1024,
      "claude-sonnet-4": 1024,
      "claude-3-7-sonnet": 1024,
      "claude-3-5-haiku": 2048,
      "claude-3-haiku": 2048,
    },
    stepTokens: 1,
    lookbackMessages: 20,
    ttlSeconds: { "5m": 300, "1h": 3600 },
    defaultTtl: "5m",
    multipliers: { read: 0.1, write: { "5m": 1.25, "1h": 2 } },
    invalidatedBy: { "thinking-level": "messages", model: "prompt" },
    invalidationSource:
      "platform.claude.com/docs/en/build-with-claude/prompt-caching, \"What invalidates the cache\": changes to thinking parameters (enabled/disabled or budget) invalidate cached message content while cached system prompts and tools are kept; caches are per model, so a model switch writes the whole prompt again. Read 2026-11-27 (the docs search returned the extended-thinking page's note that manual thinking interacts with prompt caching, and a secondary write-up of the same tiered table; the table itself was not in the stored corpus)",
    serverCompaction:
      "compact_20260112 (beta compact-2026-01-12): the summarizing pass is an extra sampling iteration billed at the request's model; the top-level usage leaves it out, usage.iterations lists every iteration (platform.claude.com/docs/en/build-with-claude/compaction, read 2026-11-27)",
    source:
      "platform.claude.com/docs/en/build-with-claude/prompt-caching (breakpoints, ~20-block lookback, 5-minute default and 1-hour TTL (ttl: \"1h\"), writes 1.25× / 2× input, reads 0.1×, minimum cacheable length per model; usage.cache_creation.ephemeral_5m_input_tokens / ephemeral_1h_input_tokens say which TTL each write used), read 2026-11-27",
    date: CACHE_RULES_DATE,
  },
  openai: {
    provider: "openai",
    mode: "automatic",
    minimumTokens: 1024,
    minimumTokensByModel: {},
    stepTokens: 128,
    lookbackMessages: null,
    // in-memory retention: "5 to 10 minutes of inactivity, up to an hour"; the lab takes the short end.
    // prompt_cache_retention: "24h" keeps prefixes up to 24 hours, at the same price
    ttlSeconds: { "5m": 300, "24h": 86_400 },
    defaultTtl: "5m",
    multipliers: { read: 0.1, write: { "5m": 1, "24h": 1 } },
    invalidatedBy: { "thinking-level": "none", model: "prompt" },
    invalidationSource:
      "developers.openai.com/api/docs/guides/prompt-caching (hits need an exact prefix match; caches are not shared between models); the guide says nothing of reasoning effort, so a change of it is not modelled. Read 2026-11-27",
    serverCompaction: "the Responses API's /responses/compact: one billed call whose usage is the pass's own",
    source:
      "developers.openai.com/api/docs/guides/prompt-caching (automatic for prompts of 1,024 tokens or more, hits in 128-token increments, in-memory retention 5–10 minutes up to an hour, extended retention prompt_cache_retention \"24h\" at the same price; reads 0.1× input on the GPT-5 family, no write charge unless the model's price lists one), read 2026-11-27",
    date: CACHE_RULES_DATE,
  },
  google: {
    provider: "google",
    mode: "automatic",
    minimumTokens: 2048,
    minimumTokensByModel: { "gemini-3-pro": 4096, "gemini-3.1-pro": 4096, "gemini-2.5-pro": 4096, "gemini-3": 1024, "gemini-2.5-flash": 1024, "gemini-2.5": 2048 },
    stepTokens: 1,
    lookbackMessages: null,
    // implicit caching publishes no lifetime ("send requests with a similar prefix in a short amount of time"): 5 minutes
    // assumed; an explicit cache lives for its TTL, 60 minutes by default (its hourly storage price is not modelled)
    ttlSeconds: { "5m": 300, "1h": 3600 },
    defaultTtl: "5m",
    multipliers: { read: 0.1, write: { "5m": 1, "1h": 1 } },
    invalidatedBy: { "thinking-level": "none", model: "prompt" },
    invalidationSource:
      "ai.google.dev/gemini-api/docs/caching (a cache belongs to one model; the page says nothing of the thinking budget, so a change of it is not modelled). Read 2026-11-27",
    serverCompaction: null,
    source:
      "ai.google.dev/gemini-api/docs/caching and the Gemini Enterprise context-cache overview (implicit caching on by default, 90% discount on hits, no storage cost, minimum 1,024 tokens for Flash and 4,096 for Pro models; explicit caches: default TTL 60 minutes, storage billed per hour), read 2026-11-27",
    date: CACHE_RULES_DATE,
  },
};

/** The provider whose cache rules apply to a model id, or null when the id names none the lab knows. */
export function cacheProviderOf(model: string | null | undefined): CacheProviderId | null {
  if (!model) return null;
  const id = model.trim().toLowerCase().replace(/^(anthropic|openai|google|gemini)\//, "");
  if (id.startsWith("claude")) return "anthropic";
  if (/^(gpt-|o\d|codex|chatgpt)/.test(id)) return "openai";
  if (id.startsWith("gemini")) return "google";
  return null;
}

/** The minimum cacheable prompt of `model` under `rules` (the longest matching model prefix, else the provider's). */
/** The TTL applied: the one asked for when the provider offers it, else the provider's default. */
export function offeredTtl(rules: CacheRules, ttl: CacheTtlId | null | undefined): CacheTtlId {
  return ttl && rules.ttlSeconds[ttl] !== undefined ? ttl : rules.defaultTtl;
}

export function minimumCacheableTokens(rules: CacheRules, model: string | null | undefined): number {
  const id = (model ?? "").trim().toLowerCase();
  let best: { length: number; tokens: number } | null = null;
  for (const [prefix, tokens] of Object.entries(rules.minimumTokensByModel)) {
    if (id.startsWith(prefix) && (best === null || prefix.length > best.length)) best = { length: prefix.length, tokens };
  }
  return best?.tokens ?? rules.minimumTokens;
}
