import type { SessionCache } from "../../cache/session-cache-rules";

/**
 * The prompt cache's economics as the keeper strategy prices them: relative prices (the base input price = 1) and
 * the entry lifetime. Plain numbers in the strategy's settings, each left unset (null) by default to take the
 * session's provider's (see {@link keeperCachePrices}): Anthropic's 5-minute cache reads at 0.1× and writes at
 * 1.25× (the most expensive prefix rewrite of the three providers the lab models); OpenAI's and Gemini's automatic
 * caches write nothing, so a rewritten prompt is sent uncached at 1×. The lifetimes are lib/engine/cache/cache-rules.ts's.
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

/** What keeper prices the cache with: each of its four cache settings, or where one is unset, the session's provider's. */
export interface KeeperCachePrices {
  readMultiplier: number;
  writeMultiplier: number;
  ttlSeconds: number;
  /** 0: no limit */
  lookbackMessages: number;
  /** where the numbers come from, for a decision's reason: "anthropic's cache", "openai's cache", "settings", … */
  source: string;
}

/**
 * Keeper's cache settings resolved against the session's cache (StrategyInput.sessionCache): a setting that is set
 * wins; an unset one (null) takes the provider's number — its read multiplier, its write multiplier and lifetime at
 * the session's TTL (the recorded one, else the provider's default: Anthropic's 1-hour cache writes at 2×), its
 * lookback (none: 0, no limit).
 */
export function keeperCachePrices(
  settings: { cacheReadMultiplier: number | null; cacheWriteMultiplier: number | null; cacheTtlSeconds: number | null; cacheLookbackMessages: number | null },
  cache: SessionCache,
): KeeperCachePrices {
  const { rules, ttl } = cache;
  const set = [settings.cacheReadMultiplier, settings.cacheWriteMultiplier, settings.cacheTtlSeconds, settings.cacheLookbackMessages].filter((value) => value !== null).length;
  if (rules === null) {
    // no prompt cache: every input token at the base price, on every call (no entry to go cold)
    return {
      readMultiplier: settings.cacheReadMultiplier ?? 1,
      writeMultiplier: settings.cacheWriteMultiplier ?? 1,
      ttlSeconds: settings.cacheTtlSeconds ?? Number.POSITIVE_INFINITY,
      lookbackMessages: settings.cacheLookbackMessages ?? 0,
      source: set === 4 ? "settings" : `no prompt cache${set === 0 ? "" : " and settings"}`,
    };
  }
  return {
    readMultiplier: settings.cacheReadMultiplier ?? rules.multipliers.read,
    writeMultiplier: settings.cacheWriteMultiplier ?? rules.multipliers.write[ttl] ?? 1,
    ttlSeconds: settings.cacheTtlSeconds ?? rules.ttlSeconds[ttl] ?? 300,
    lookbackMessages: settings.cacheLookbackMessages ?? rules.lookbackMessages ?? 0,
    source: set === 4 ? "settings" : `${rules.provider}'s ${ttl} cache${set === 0 ? "" : " and settings"}`,
  };
}
