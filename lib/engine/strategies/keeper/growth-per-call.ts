import type { ReplayEvent } from "../../simulate/replay-events";

/**
 * What this replay has seen since keeper's newest compaction: how many message tokens the session adds per model
 * call — what the messages grew by since the compaction (the tokens cleared since then counted back in) over the
 * calls since it; before any, the messages over the calls so far — and the message tokens that compaction left
 * (null before the first). `messageTokens` is the context now without the agent's hidden prefix, and
 * `hiddenPrefixTokens` is taken off the compaction's recorded size the same way. `step` is the call being prepared
 * (0 for the first). A compaction without a model call is reported as a `trim`.
 */
export function growthPerCall(options: { step: number; messageTokens: number; hiddenPrefixTokens: number; events: readonly ReplayEvent[] }): {
  growthPerCall: number;
  lastAfterTokens: number | null;
} {
  let freed = 0;
  for (let index = options.events.length - 1; index >= 0; index--) {
    const event = options.events[index];
    if (event.type === "prune") freed += event.tokensFreed;
    if (event.type === "compaction-end" || event.type === "trim") {
      const base = Math.max(0, event.tokensAfter - options.hiddenPrefixTokens);
      return { growthPerCall: Math.max(0, (options.messageTokens + freed - base) / Math.max(1, options.step - event.step)), lastAfterTokens: base };
    }
  }
  return { growthPerCall: Math.max(0, (options.messageTokens + freed) / Math.max(1, options.step)), lastAfterTokens: null };
}
