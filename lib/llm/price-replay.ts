import { cacheInputsOfReplay } from "../engine/cache/cache-inputs-of-replay";
import { cacheProviderOf, cacheRulesByProvider, minimumCacheableTokens, offeredTtl, type CacheProviderId, type CacheRules, type CacheTtlId } from "../engine/cache/cache-rules";
import { modelPromptCache, type CacheCall } from "../engine/cache/model-prompt-cache";
import { summarizerCalls } from "../engine/cache/summarizer-calls";
import { hiddenPrefixTokens } from "../engine/cache/hidden-prefix-tokens";
import { recordedPromptRewrites } from "../engine/cache/recorded-prompt-rewrites";
import { sessionCacheTtl } from "../engine/cache/session-cache-ttl";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { findModelPrice, PRICE_CATALOG, PRICE_CATALOG_LABEL, ratesForPrompt, type ModelPrice, type PriceRates } from "./model-prices";

/** Why a cost has no dollars: the model that has no price, and the reason in words. */
export interface Unpriced {
  model: string;
  reason: string;
}

/** Where the TTL applied came from: the run's choice, the session's recorded cache writes, or the provider's default. */
export type TtlSource = "chosen" | "transcript" | "default";

/**
 * A run's cache use in tokens, always, and its dollars, with and without the prompt cache, when the model is priced.
 * Tokens are the replay's estimates.
 */
export interface RunCost {
  /** the model the calls are priced at, and whose cache rules apply */
  model: string;
  /** the cache rules applied; null: no cache (asked for, or the model names no provider the lab knows) */
  provider: CacheProviderId | null;
  ttl: CacheTtlId;
  ttlSource: TtlSource;
  /** the date the prices were published or read (the catalog's release, or the override's date) */
  pricesDate: string;
  /** the catalog entry or override the model was priced as, its source, and the day its prices took effect (null: not recorded) */
  price: { as: string; source: string; since: string | null } | null;
  /** the model without a price, and why; null when every figure has dollars */
  unpriced: Unpriced | null;
  /** tokens in front of every call that the transcript does not hold (the agent's system prompt and tools), included in `tokens` */
  hiddenPrefixTokens: number;
  /** calls written whole because the recorded usage shows the agent's prompt rewritten there (a restart: recordedPromptRewrites) */
  rewrittenCalls: number;
  /** whether the recorded restarts were applied (`recordedRewrites`); false: the cache model alone */
  recordedRewrites: boolean;
  tokens: { uncachedInput: number; cacheWrite: number; cacheRead: number; output: number; summarizerInput: number; summarizerOutput: number };
  /**
   * Input tokens weighted by the relative cache prices: uncached ×1, written × the write multiplier, read × the read
   * multiplier (the model's own rates ÷ its input rate when priced, else the provider's documented multipliers;
   * ×1 without a cache), plus the summarizer's input ×1. Ranks settings the same way dollars would on input, with
   * or without a price.
   */
  cacheWeightedTokens: number;
  multipliers: { read: number; write: number };
  /** null when the priced model has no price; `summarizer` null when only the summarizer's model has none */
  usd: { uncachedInput: number; cacheWrite: number; cacheRead: number; output: number; summarizer: number | null } | null;
  /** everything, with the cache; null when a model has no price */
  totalUsd: number | null;
  /** the same calls with every input token at the base input price */
  withoutCachingUsd: number | null;
  /** cache reads ÷ input over the model calls (null without calls) */
  hitRate: number | null;
  /** per model call, in step order: the cache model's verdict (hit, or where the prefix broke) */
  calls: CacheCall[];
}

export interface PriceReplayOptions {
  session: Session;
  result: Pick<ReplayResult, "steps" | "events" | "hiddenPrefixTokens">;
  /** the model priced; null/absent: nothing known, no cost */
  model: string | null;
  /** `auto` (default): the model's provider; `none`: no cache at all */
  provider?: CacheProviderId | "auto" | "none";
  /** `auto`/absent: the TTL the session's recorded cache writes used, else the provider's default */
  ttl?: CacheTtlId | "auto";
  /** the summarizer's billed model; null: the extractive summarizer, standing in for the agent's own call (priced at `model`) */
  summarizerModel?: string | null;
  /** the agent's system prompt and tools in front of every call; default: measured from the recorded usage (hiddenPrefixTokens) */
  hiddenPrefixTokens?: number;
  /**
   * apply the prompt rewrites the recorded usage shows (recordedPromptRewrites: an agent restart) to the replay's calls;
   * default true. False: the cache model alone, from the transcript's messages and events (the cache validation's view)
   */
  recordedRewrites?: boolean;
}

/**
 * Prices a replay: its model calls through the cache model (lib/engine/cache) under the provider's rules, and each
 * compaction's summarizer call at its own input and output, uncached. The cache model runs whenever the provider is
 * known (from the model's family, or chosen), priced or not: tokens, hit rate and cache-weighted tokens always;
 * dollars only at a price from the catalog (lib/llm/model-prices.ts) — an unpriced model leaves `usd` and the totals
 * null and says so in `unpriced`, never a guess. Null when there is neither a provider nor a price, or the result
 * was stored before the replay recorded kept prefixes.
 */
export function priceReplay(options: PriceReplayOptions): RunCost | null {
  if (!options.model) return null;
  const cache = runCacheOf({ session: options.session, model: options.model, provider: options.provider, ttl: options.ttl });
  if (!cache) return null;
  const { price, provider, rules, ttl, ttlSource } = cache;
  const hidden = options.hiddenPrefixTokens ?? hiddenPrefixTokens(options.session, options.result.steps);
  const inputs = cacheInputsOfReplay(options.session, options.result, hidden);
  if (!inputs) return null;
  // where the record shows the agent's own prompt rewritten (a restart), every strategy's call there starts cold
  const rewrittenAt = new Set(rules && options.recordedRewrites !== false ? recordedPromptRewrites(options.session, { ttlSeconds: rules.ttlSeconds[ttl]! }) : []);
  let rewrittenCalls = 0;
  const withRewrites = inputs.map((input, index) => {
    if (!rewrittenAt.has(options.result.steps[index].messageIndex)) return input;
    rewrittenCalls++;
    return { ...input, changed: [...(input.changed ?? []), "prompt-rewritten" as const] };
  });
  const calls = rules
    ? modelPromptCache({
        calls: withRewrites,
        rules,
        ttlSeconds: rules.ttlSeconds[ttl]!,
        minimumTokens: minimumCacheableTokens(rules, options.model),
        // a write is billed only where the model's own provider's price lists one (GPT-5.6), not under borrowed rules
        automaticWrites: rules.mode === "automatic" && price?.provider === provider && price.cacheWrite5mPerMillion !== null,
      })
    : inputs.map((input): CacheCall => ({ step: input.step, read: 0, write: 0, uncached: input.contextTokens, output: input.outputTokens, outcome: "short", keptMessages: input.keptMessages }));

  const multipliers = cacheMultipliers(price, rules, ttl);
  const tokens = { uncachedInput: 0, cacheWrite: 0, cacheRead: 0, output: 0, summarizerInput: 0, summarizerOutput: 0 };
  const usd = { uncachedInput: 0, cacheWrite: 0, cacheRead: 0, output: 0, summarizer: 0 as number | null };
  let withoutCaching = 0;
  for (const call of calls) {
    tokens.uncachedInput += call.uncached;
    tokens.cacheWrite += call.write;
    tokens.cacheRead += call.read;
    tokens.output += call.output;
    if (!price) continue;
    const rates = ratesForPrompt(price, call.read + call.write + call.uncached);
    const dollars = cacheRates(rates, rules, ttl);
    usd.uncachedInput += (call.uncached * rates.inputPerMillion) / 1e6;
    usd.cacheWrite += (call.write * dollars.write) / 1e6;
    usd.cacheRead += (call.read * dollars.read) / 1e6;
    usd.output += (call.output * rates.outputPerMillion) / 1e6;
    withoutCaching += ((call.read + call.write + call.uncached) * rates.inputPerMillion + call.output * rates.outputPerMillion) / 1e6;
  }
  const summarizerPrice = options.summarizerModel ? findModelPrice(options.summarizerModel) : price;
  for (const call of summarizerCalls(options.result.events)) {
    tokens.summarizerInput += call.input;
    tokens.summarizerOutput += call.output;
    if (summarizerPrice && usd.summarizer !== null) {
      const rates = ratesForPrompt(summarizerPrice, call.input);
      usd.summarizer += (call.input * rates.inputPerMillion + call.output * rates.outputPerMillion) / 1e6;
    } else usd.summarizer = null;
  }
  const input = tokens.uncachedInput + tokens.cacheWrite + tokens.cacheRead;
  const base = usd.uncachedInput + usd.cacheWrite + usd.cacheRead + usd.output;
  const unpriced: Unpriced | null = !price
    ? { model: options.model, reason: `${options.model} is not in the price catalog (${PRICE_CATALOG_LABEL}) nor the override file` }
    : usd.summarizer === null && options.summarizerModel
      ? { model: options.summarizerModel, reason: `the summarizer's model ${options.summarizerModel} is not in the price catalog (${PRICE_CATALOG_LABEL}) nor the override file` }
      : null;
  return {
    model: options.model,
    provider,
    ttl,
    ttlSource,
    pricesDate: price?.source.date ?? PRICE_CATALOG.published,
    price: price ? { as: price.id, source: price.source.name, since: price.since } : null,
    unpriced,
    // what each call carries in front of its messages: counted by the replay (runs since #35) or added here
    hiddenPrefixTokens: hidden + (options.result.hiddenPrefixTokens ?? 0),
    rewrittenCalls,
    recordedRewrites: options.recordedRewrites !== false,
    tokens,
    cacheWeightedTokens: tokens.uncachedInput + tokens.cacheWrite * multipliers.write + tokens.cacheRead * multipliers.read + tokens.summarizerInput,
    multipliers,
    usd: price ? usd : null,
    totalUsd: price && usd.summarizer !== null ? base + usd.summarizer : null,
    withoutCachingUsd: price && usd.summarizer !== null ? withoutCaching + usd.summarizer : null,
    hitRate: input > 0 ? tokens.cacheRead / input : null,
    calls,
  };
}

/** The cache a run's calls are priced under (see {@link runCacheOf}). */
export interface RunCache {
  /** the model's price; null: not in the catalog (tokens only) */
  price: ModelPrice | null;
  /** null: no cache (asked for, or the model names no provider the lab knows) */
  provider: CacheProviderId | null;
  rules: CacheRules | null;
  ttl: CacheTtlId;
  ttlSource: TtlSource;
}

/**
 * The prompt cache a run priced at `model` runs under: the chosen provider's rules (`auto`: the model's provider,
 * by its name or its catalog entry; `none`: no cache) at the chosen TTL (`auto`: the one the session's recorded cache
 * writes used, else the provider's default). Null when the model has neither a price nor a provider (nothing to
 * price). What {@link priceReplay} prices with, and what keeper plans for in a run priced this way
 * (lib/runs/price-run.ts `runSessionCache`), so the two never disagree.
 */
export function runCacheOf(options: { session: Session; model: string; provider?: CacheProviderId | "auto" | "none"; ttl?: CacheTtlId | "auto" }): RunCache | null {
  const price = findModelPrice(options.model) ?? null;
  const provider = options.provider === "none" ? null : options.provider && options.provider !== "auto" ? options.provider : cacheProviderOf(options.model) ?? cacheProviderOfCatalog(price);
  if (!price && !provider) return null;
  const rules = provider ? cacheRulesByProvider[provider] : null;
  const chosen = options.ttl !== undefined && options.ttl !== "auto" ? options.ttl : null;
  const recordedTtl = chosen ? null : sessionCacheTtl(options.session);
  const asked = chosen ?? recordedTtl;
  const ttl = rules ? offeredTtl(rules, asked) : (asked ?? "5m");
  const ttlSource: TtlSource = chosen ? "chosen" : rules && recordedTtl && rules.ttlSeconds[recordedTtl] !== undefined ? "transcript" : "default";
  return { price, provider, rules, ttl, ttlSource };
}

/** The catalog provider of a priced model, when it is one whose cache rules the lab has. */
function cacheProviderOfCatalog(price: ModelPrice | null): CacheProviderId | null {
  return price && (price.provider === "anthropic" || price.provider === "openai" || price.provider === "google") ? price.provider : null;
}

/**
 * The dollar rates of a cache read and write at these rates: the model's own where its price lists them; else a
 * write at the provider's multiplier of the input rate (a 1-hour write on a model the catalog gives no 1-hour
 * price) and a read at the input rate (a model without a cache price gets no discount).
 */
function cacheRates(rates: PriceRates, rules: CacheRules | null, ttl: CacheTtlId): { read: number; write: number } {
  const own = ttl === "1h" ? rates.cacheWrite1hPerMillion : rates.cacheWrite5mPerMillion;
  const write = own ?? rates.inputPerMillion * (rules?.multipliers.write[ttl] ?? 1);
  const read = rates.cacheReadPerMillion ?? rates.inputPerMillion;
  return { read, write };
}

/** Relative prices of a cached read and write to the base input: the model's own when priced, else the provider's. */
function cacheMultipliers(price: ModelPrice | null, rules: CacheRules | null, ttl: CacheTtlId): { read: number; write: number } {
  if (!rules) return { read: 1, write: 1 };
  if (!price || price.inputPerMillion === 0) return { read: rules.multipliers.read, write: rules.multipliers.write[ttl] ?? 1 };
  const dollars = cacheRates(price, rules, ttl);
  return { read: dollars.read / price.inputPerMillion, write: dollars.write / price.inputPerMillion };
}
