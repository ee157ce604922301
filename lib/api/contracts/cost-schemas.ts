import { z } from "zod";
import { CACHE_PROVIDER_IDS, CACHE_TTL_IDS } from "../../engine/cache/cache-rules";
import { CACHE_PROVIDER_CHOICES, CACHE_TTL_CHOICES } from "./cost-choices";

/**
 * How a run's dollars are worked out (issue #24): the model its calls are priced at (default: the session's),
 * whose prompt-cache rules apply (`auto`: the model's provider; `none`: no cache), and the cache TTL (`auto`: the
 * one the session's recorded cache writes used, else the provider's default).
 */
export { CACHE_PROVIDER_CHOICES, CACHE_TTL_CHOICES };
export const CacheProviderChoiceSchema = z.enum(CACHE_PROVIDER_CHOICES);
export type CacheProviderChoice = z.infer<typeof CacheProviderChoiceSchema>;
export const CacheTtlSchema = z.enum(CACHE_TTL_IDS);
export const CacheTtlChoiceSchema = z.enum(CACHE_TTL_CHOICES);
export type CacheTtlChoice = z.infer<typeof CacheTtlChoiceSchema>;

export const CostOptionsSchema = z.object({
  /** the model the agent's calls are priced at; default: the session's recorded model */
  costModel: z.string().trim().min(1).max(200).optional(),
  cacheProvider: CacheProviderChoiceSchema.default("auto"),
  cacheTtl: CacheTtlChoiceSchema.default("auto"),
  /**
   * Calls where the recorded usage shows the agent's own prompt rewritten (a restart: it wrote the whole prompt to
   * the cache again) are cold for every strategy (default true); false prices the cache model alone, as if the agent
   * had never restarted.
   */
  recordedRewrites: z.boolean().default(true),
});
export type CostOptions = z.infer<typeof CostOptionsSchema>;

const tokens = z.number().int().min(0);

/**
 * A run's cache use and dollars (lib/llm/price-replay.ts, without the per-call list): what the run view, the compare
 * table, the exports and the CLI show. Present whenever the provider is known (tokens, hit rate and
 * `cacheWeightedTokens` always); the dollar fields (`usd`, `totalUsd`, `withoutCachingUsd`) are null when a model
 * has no price, and `unpriced` names it with the reason. `totalUsd` is with the prompt cache, `withoutCachingUsd`
 * the same calls all at the base input price. The whole object is null when neither a provider nor a price is known.
 */
export const RunCostSchema = z.object({
  model: z.string(),
  provider: z.enum(CACHE_PROVIDER_IDS).nullable(),
  ttl: CacheTtlSchema,
  /** where the TTL came from: chosen, the transcript's recorded cache writes, or the provider's default */
  ttlSource: z.enum(["chosen", "transcript", "default"]).default("default"),
  pricesDate: z.string(),
  /** the catalog entry (or override) priced as, its source and the day its prices took effect */
  price: z.object({ as: z.string(), source: z.string(), since: z.string().nullable() }).nullable().default(null),
  unpriced: z.object({ model: z.string(), reason: z.string() }).nullable().default(null),
  /** the agent's system prompt and tools sent in front of every call (measured from the recorded usage; 0 if none), included in the tokens */
  hiddenPrefixTokens: tokens.default(0),
  /** calls written whole because the recorded usage shows the agent's prompt rewritten there (a restart), for every strategy */
  rewrittenCalls: tokens.default(0),
  /** false: asked to price the cache model alone, the recorded restarts not applied (`rewrittenCalls` is then 0) */
  recordedRewrites: z.boolean().default(true),
  tokens: z.object({ uncachedInput: tokens, cacheWrite: tokens, cacheRead: tokens, output: tokens, summarizerInput: tokens, summarizerOutput: tokens }),
  /** input tokens weighted by the relative cache prices (uncached ×1, written × write, read × read; summarizer input ×1) */
  cacheWeightedTokens: z.number().min(0).nullable().default(null),
  multipliers: z.object({ read: z.number(), write: z.number() }).nullable().default(null),
  usd: z.object({ uncachedInput: z.number(), cacheWrite: z.number(), cacheRead: z.number(), output: z.number(), summarizer: z.number().nullable() }).nullable(),
  totalUsd: z.number().nullable(),
  withoutCachingUsd: z.number().nullable(),
  hitRate: z.number().nullable(),
});
export type RunCostFigures = z.infer<typeof RunCostSchema>;
