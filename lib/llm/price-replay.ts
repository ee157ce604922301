import { cacheInputsOfReplay } from "../engine/cache/cache-inputs-of-replay";
import { cacheProviderOf, cacheRulesByProvider, minimumCacheableTokens, type CacheProviderId, type CacheTtlId } from "../engine/cache/cache-rules";
import { modelPromptCache, type CacheCall } from "../engine/cache/model-prompt-cache";
import { summarizerCalls } from "../engine/cache/summarizer-calls";
import { hiddenPrefixTokens } from "../engine/cache/hidden-prefix-tokens";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { findModelPrice, MODEL_PRICES_DATE, type ModelPrice } from "./model-prices";

/** A run's dollars, with and without the prompt cache. Tokens are the replay's estimates. */
export interface RunCost {
  /** the model the calls are priced at, and whose cache rules apply */
  model: string;
  /** the cache rules applied; null: priced without a cache */
  provider: CacheProviderId | null;
  ttl: CacheTtlId;
  pricesDate: string;
  /** tokens in front of every call that the transcript does not hold (the agent's system prompt and tools), included in `tokens` */
  hiddenPrefixTokens: number;
  tokens: { uncachedInput: number; cacheWrite: number; cacheRead: number; output: number; summarizerInput: number; summarizerOutput: number };
  usd: { uncachedInput: number; cacheWrite: number; cacheRead: number; output: number; summarizer: number | null };
  /** everything, with the cache; null when the summarizer's model has no known price */
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
  ttl?: CacheTtlId;
  /** the summarizer's billed model; null: the extractive summarizer, standing in for the agent's own call (priced at `model`) */
  summarizerModel?: string | null;
  /** the agent's system prompt and tools in front of every call; default: measured from the recorded usage (hiddenPrefixTokens) */
  hiddenPrefixTokens?: number;
}

/**
 * Prices a replay: its model calls through the cache model (lib/engine/cache) under the provider's rules, at the
 * dated prices; each compaction's summarizer call at its own input and output, uncached. Null when the model has
 * no known price or the result was stored before the replay recorded kept prefixes. Never guesses: a summarizer
 * model without a price leaves `summarizer` and the totals null.
 */
export function priceReplay(options: PriceReplayOptions): RunCost | null {
  if (!options.model) return null;
  const price = findModelPrice(options.model);
  if (!price) return null;
  const hidden = options.hiddenPrefixTokens ?? hiddenPrefixTokens(options.session, options.result.steps);
  const inputs = cacheInputsOfReplay(options.session, options.result, hidden);
  if (!inputs) return null;
  const provider = options.provider === "none" ? null : options.provider && options.provider !== "auto" ? options.provider : (cacheProviderOf(options.model) ?? price.provider);
  const rules = provider ? cacheRulesByProvider[provider] : null;
  const ttl = options.ttl ?? rules?.defaultTtl ?? "5m";
  const calls = rules
    ? modelPromptCache({ calls: inputs, rules, ttlSeconds: rules.ttlSeconds[ttl] ?? rules.ttlSeconds[rules.defaultTtl]!, minimumTokens: minimumCacheableTokens(rules, options.model) })
    : inputs.map((input): CacheCall => ({ step: input.step, read: 0, write: 0, uncached: input.contextTokens, output: input.outputTokens, outcome: "short", keptMessages: input.keptMessages }));

  const tokens = { uncachedInput: 0, cacheWrite: 0, cacheRead: 0, output: 0, summarizerInput: 0, summarizerOutput: 0 };
  const usd = { uncachedInput: 0, cacheWrite: 0, cacheRead: 0, output: 0, summarizer: 0 as number | null };
  let withoutCaching = 0;
  const writeRate = (rates: ModelPrice) => (ttl === "1h" ? rates.cacheWrite1hPerMillion : rates.cacheWrite5mPerMillion) ?? rates.inputPerMillion;
  for (const call of calls) {
    const rates = ratesFor(price, call.read + call.write + call.uncached);
    tokens.uncachedInput += call.uncached;
    tokens.cacheWrite += call.write;
    tokens.cacheRead += call.read;
    tokens.output += call.output;
    usd.uncachedInput += (call.uncached * rates.inputPerMillion) / 1e6;
    usd.cacheWrite += (call.write * writeRate(rates)) / 1e6;
    usd.cacheRead += (call.read * rates.cacheReadPerMillion) / 1e6;
    usd.output += (call.output * rates.outputPerMillion) / 1e6;
    withoutCaching += ((call.read + call.write + call.uncached) * rates.inputPerMillion + call.output * rates.outputPerMillion) / 1e6;
  }
  const summarizerPrice = options.summarizerModel ? findModelPrice(options.summarizerModel) : price;
  for (const call of summarizerCalls(options.result.events)) {
    tokens.summarizerInput += call.input;
    tokens.summarizerOutput += call.output;
    if (summarizerPrice && usd.summarizer !== null) {
      const rates = ratesFor(summarizerPrice, call.input);
      usd.summarizer += (call.input * rates.inputPerMillion + call.output * rates.outputPerMillion) / 1e6;
    } else usd.summarizer = null;
  }
  const input = tokens.uncachedInput + tokens.cacheWrite + tokens.cacheRead;
  const base = usd.uncachedInput + usd.cacheWrite + usd.cacheRead + usd.output;
  return {
    model: options.model,
    provider,
    ttl,
    pricesDate: MODEL_PRICES_DATE,
    // what each call carries in front of its messages: counted by the replay (runs since #35) or added here
    hiddenPrefixTokens: hidden + (options.result.hiddenPrefixTokens ?? 0),
    tokens,
    usd,
    totalUsd: usd.summarizer === null ? null : base + usd.summarizer,
    withoutCachingUsd: usd.summarizer === null ? null : withoutCaching + usd.summarizer,
    hitRate: input > 0 ? tokens.cacheRead / input : null,
    calls,
  };
}

/** The rates of a prompt of `promptTokens`: the long-context ones past their threshold. */
function ratesFor(price: ModelPrice, promptTokens: number): ModelPrice {
  const long = price.longContext;
  if (!long || promptTokens <= long.aboveTokens) return price;
  return { ...price, inputPerMillion: long.inputPerMillion, outputPerMillion: long.outputPerMillion, cacheReadPerMillion: long.cacheReadPerMillion };
}
