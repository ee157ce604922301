/**
 * How each provider's prompt cache works, as data (the numbers the cache model reads; prices live with the prices,
 * lib/llm/model-prices.ts). Written 2026-11-26 from the providers' pages, each named in `source`. RULES CHANGE:
 * check the source before relying on one.
 */

export const CACHE_PROVIDER_IDS = ["anthropic", "openai", "google"] as const;
export type CacheProviderId = (typeof CACHE_PROVIDER_IDS)[number];

/** How long a cache entry lives after its last use. Anthropic sells a 1-hour option; the others have one lifetime. */
export const CACHE_TTL_IDS = ["5m", "1h"] as const;
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
  /** where the rules come from and when they were read */
  source: string;
  date: string;
}

export const CACHE_RULES_DATE = "2026-11-26";

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
    source:
      "platform.claude.com/docs/en/build-with-claude/prompt-caching (breakpoints, ~20-block lookback, 5-minute default and 1-hour TTL, minimum cacheable length per model)",
    date: CACHE_RULES_DATE,
  },
  openai: {
    provider: "openai",
    mode: "automatic",
    minimumTokens: 1024,
    minimumTokensByModel: {},
    stepTokens: 128,
    lookbackMessages: null,
    // in-memory retention: "5 to 10 minutes of inactivity, up to an hour"; the lab takes the short end
    ttlSeconds: { "5m": 300, "1h": 3600 },
    defaultTtl: "5m",
    source: "platform.openai.com/docs/guides/prompt-caching (automatic for prompts of 1,024 tokens or more, hits in 128-token increments, no write charge)",
    date: CACHE_RULES_DATE,
  },
  google: {
    provider: "google",
    mode: "automatic",
    minimumTokens: 2048,
    minimumTokensByModel: { "gemini-3": 4096, "gemini-2.5": 2048 },
    stepTokens: 1,
    lookbackMessages: null,
    // implicit caching publishes no lifetime ("send requests with a similar prefix in a short amount of time"): 5 minutes assumed
    ttlSeconds: { "5m": 300, "1h": 3600 },
    defaultTtl: "5m",
    source:
      "ai.google.dev/gemini-api/docs/caching and cloud.google.com context-cache overview (implicit caching on by default, 90% discount, no storage cost; minimum 2,048 tokens for 2.5, 4,096 for Gemini 3)",
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
export function minimumCacheableTokens(rules: CacheRules, model: string | null | undefined): number {
  const id = (model ?? "").trim().toLowerCase();
  let best: { length: number; tokens: number } | null = null;
  for (const [prefix, tokens] of Object.entries(rules.minimumTokensByModel)) {
    if (id.startsWith(prefix) && (best === null || prefix.length > best.length)) best = { length: prefix.length, tokens };
  }
  return best?.tokens ?? rules.minimumTokens;
}
