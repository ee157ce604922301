import { z } from "zod";
import { CACHE_PROVIDER_IDS, CACHE_TTL_IDS } from "../../engine/cache/cache-rules";

/**
 * How a run's dollars are worked out (issue #24): the model its calls are priced at (default: the session's),
 * whose prompt-cache rules apply (`auto`: the model's provider; `none`: no cache), and the cache TTL.
 */
export const CACHE_PROVIDER_CHOICES = ["auto", ...CACHE_PROVIDER_IDS, "none"] as const;
export const CacheProviderChoiceSchema = z.enum(CACHE_PROVIDER_CHOICES);
export type CacheProviderChoice = z.infer<typeof CacheProviderChoiceSchema>;
export const CacheTtlSchema = z.enum(CACHE_TTL_IDS);

export const CostOptionsSchema = z.object({
  /** the model the agent's calls are priced at; default: the session's recorded model */
  costModel: z.string().trim().min(1).max(200).optional(),
  cacheProvider: CacheProviderChoiceSchema.default("auto"),
  cacheTtl: CacheTtlSchema.default("5m"),
});
export type CostOptions = z.infer<typeof CostOptionsSchema>;

const tokens = z.number().int().min(0);

/**
 * A run's dollars (lib/llm/price-replay.ts, without the per-call list): what the run view, the compare table, the
 * exports and the CLI show. `totalUsd` is with the prompt cache, `withoutCachingUsd` the same calls all at the base
 * input price; both null when the summarizer's model has no known price. The whole object is null when the priced
 * model has none.
 */
export const RunCostSchema = z.object({
  model: z.string(),
  provider: z.enum(CACHE_PROVIDER_IDS).nullable(),
  ttl: CacheTtlSchema,
  pricesDate: z.string(),
  /** the agent's system prompt and tools sent in front of every call (measured from the recorded usage; 0 if none), included in the tokens */
  hiddenPrefixTokens: tokens.default(0),
  tokens: z.object({ uncachedInput: tokens, cacheWrite: tokens, cacheRead: tokens, output: tokens, summarizerInput: tokens, summarizerOutput: tokens }),
  usd: z.object({ uncachedInput: z.number(), cacheWrite: z.number(), cacheRead: z.number(), output: z.number(), summarizer: z.number().nullable() }),
  totalUsd: z.number().nullable(),
  withoutCachingUsd: z.number().nullable(),
  hitRate: z.number().nullable(),
});
export type RunCostFigures = z.infer<typeof RunCostSchema>;
