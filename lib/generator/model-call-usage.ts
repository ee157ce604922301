import type { Usage } from "../engine/model";
import type { Random } from "./create-random";

/** Prompt-cache lifetime: a call more than this long after the previous one re-writes the whole prefix. */
export const CACHE_TTL_MS = 5 * 60_000;

/**
 * The usage a provider with prompt caching reports for one model call, shaped like Claude's: a handful of
 * uncached input tokens, the previous call's prompt read from cache, the rest written to it. After a cache
 * expiry (or the first call) nothing is read and everything is written. `contextTokens` is the whole prompt;
 * `previousContextTokens` the previous call's prompt (0 when none or after a compaction).
 */
export function modelCallUsage(options: {
  random: Random;
  contextTokens: number;
  previousContextTokens: number;
  outputTokens: number;
  cacheExpired: boolean;
}): Usage {
  const { random, contextTokens, outputTokens } = options;
  const input = Math.min(contextTokens, random.int(1, 12));
  const cacheRead = options.cacheExpired ? 0 : Math.min(options.previousContextTokens, contextTokens - input);
  return { input, output: outputTokens, cacheRead, cacheWrite: contextTokens - input - cacheRead };
}
