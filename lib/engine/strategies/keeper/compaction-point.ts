/**
 * Where keeper compacts, from the cache's prices rather than a tuned share of the window.
 *
 * A compaction takes the messages from `contextTokens` down to about `afterTokens` (the ledger and the recent tail).
 * It costs writing those `afterTokens` to the cache again (the agent's hidden prefix — system prompt, tools — keeps
 * its own breakpoint and is read as before); after it, every call reads the context at `readMultiplier`, so the
 * context's mean size between two compactions is what the calls pay for. Growing by `growthPerCall` tokens a call
 * from A to C takes (C − A) ÷ g calls, so one cycle costs per call
 *
 *     read × (A + C) ÷ 2  +  write × A × g ÷ (C − A)
 *
 * which is least at C − A = √(2 × write × A × g ÷ read): the EOQ rule (order quantity against holding cost). With
 * Anthropic's prices (read 0.1, write 1.25) that is 5 √(A g): a session adding 300 tokens a call after a 7,000-token
 * compaction compacts again 7,200 tokens later, every 24 calls; one adding 3,000 a call, 23,000 later, every 8 calls.
 * The hard ceiling (the window) comes first when it is lower.
 */
export function economicTrigger(options: { afterTokens: number; growthPerCall: number; readMultiplier: number; writeMultiplier: number }): number {
  const { afterTokens, readMultiplier, writeMultiplier } = options;
  const growth = Math.max(0, options.growthPerCall);
  if (readMultiplier <= 0) return Number.POSITIVE_INFINITY; // reads are free: only the window makes a compaction worth it
  return afterTokens + Math.sqrt((2 * writeMultiplier * afterTokens * growth) / readMultiplier);
}

/**
 * The calls a compaction from `contextTokens` to `afterTokens` takes to pay for itself: writing `afterTokens` now
 * instead of reading `contextTokens` from the cache, against reading `contextTokens − afterTokens` fewer at every
 * later call. 0 when it pays at once (a cold cache writes the whole prompt anyway); infinite when it never does.
 */
export function compactionPaybackCalls(options: { contextTokens: number; afterTokens: number; cold: boolean; readMultiplier: number; writeMultiplier: number }): number {
  const { contextTokens, afterTokens, readMultiplier, writeMultiplier } = options;
  const saving = (contextTokens - afterTokens) * readMultiplier;
  if (saving <= 0) return Number.POSITIVE_INFINITY;
  const extra = options.cold ? (afterTokens - contextTokens) * writeMultiplier : afterTokens * writeMultiplier - contextTokens * readMultiplier;
  return Math.max(0, extra / saving);
}
