import type { ContextView } from "../strategies/strategy";
import { isSafeCut } from "./is-safe-cut";

export interface FindCutPointOptions {
  context: ContextView;
  /** keep at least this many additive tokens of the newest messages (seed 004 / pi: 20,000) */
  keepRecentTokens: number;
  /** never cut before this position (e.g. after a protected head or a summary pivot); default 0 */
  from?: number;
  /**
   * - `user`: snap forward to the next user message, a turn start (seed 004, gemini-cli) — keeps fewer tokens;
   * - `any-but-tool`: snap backward past tool results to their call (pi: never cut at a tool result) — keeps more.
   */
  snap: "user" | "any-but-tool";
}

/**
 * Walks back from the newest message accumulating tokens until `keepRecentTokens` is reached, then snaps to a
 * boundary. Returns the first kept position, or null when there is nothing to cut: everything fits, or (for
 * `user`) no user message follows the walk's stop (seed 004's `cut_point == 0` guard). Never returns a
 * position that separates a tool call from its result. Cost: the kept messages only.
 */
export function findCutPoint(options: FindCutPointOptions): number | null {
  const { context, keepRecentTokens } = options;
  const from = options.from ?? 0;
  let accumulated = 0;
  let position = context.length;
  while (position > from && accumulated < keepRecentTokens) {
    position--;
    accumulated += context.entryTokens(position);
  }
  if (accumulated < keepRecentTokens || position <= from) return null;
  if (options.snap === "user") {
    for (let candidate = position; candidate < context.length; candidate++) {
      if (context.entry(candidate).message.role === "user") return candidate > from ? candidate : null;
    }
    return null;
  }
  while (position > from && !isSafeCut(context, position)) position--;
  return position > from ? position : null;
}
