/**
 * The prompt cache's economics as the keeper strategy prices them: relative prices (the base input price = 1) and
 * the entry lifetime. Plain numbers in the strategy's settings, so a user can set another provider's: Anthropic's
 * 5-minute cache reads at 0.1× and writes at 1.25× (the defaults, the most expensive prefix rewrite of the three
 * providers the lab models); OpenAI's and Gemini's automatic caches write nothing, so a rewritten prompt is sent
 * uncached at 1× (set `cacheWriteMultiplier: 1`). The lifetimes are lib/engine/cache/cache-rules.ts's.
 */
export interface CacheEconomics {
  /** a cached input token's price ÷ the base input price */
  readMultiplier: number;
  /** a token written to the cache (or sent uncached after a prefix change) ÷ the base input price */
  writeMultiplier: number;
  /** the calls a prefix rewrite must pay itself back in */
  paybackCalls: number;
}

/**
 * What rewriting the prompt from a position costs and saves, in base-input-price tokens, priced for the next calls.
 * `suffixTokens` is what the prompt holds from the first changed message to its end now, `freedTokens` what the
 * change removes from it. Without the change the next call reads the suffix from the cache; with it, that call
 * writes the shorter suffix again (`extra`), and every call after it reads `freedTokens` fewer (`savingPerCall`).
 * With a cold cache (an idle gap past the TTL) the whole prompt is written anyway, so the rewrite itself is free
 * and the change saves its freed tokens at the write price on that call too.
 */
export function rewriteEconomics(options: { suffixTokens: number; freedTokens: number; cold: boolean; economics: CacheEconomics }): {
  extra: number;
  savingPerCall: number;
  net: number;
} {
  const { suffixTokens, freedTokens, economics } = options;
  const savingPerCall = freedTokens * economics.readMultiplier;
  const extra = options.cold ? -freedTokens * economics.writeMultiplier : (suffixTokens - freedTokens) * economics.writeMultiplier - suffixTokens * economics.readMultiplier;
  return { extra, savingPerCall, net: savingPerCall * economics.paybackCalls - extra };
}
