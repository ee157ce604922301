import type { ContextView } from "../strategies/strategy";
import { isSafeCut } from "./is-safe-cut";

/**
 * First position that keeps at most `count` of the newest messages after `from`, moved forward past tool
 * results whose call would be dropped (seed 002's trim never separates a tool_use from its tool_result, so it
 * keeps one or two fewer rather than more). Returns `from` when everything already fits.
 */
export function keepLastMessages(options: { context: ContextView; count: number; from?: number }): number {
  const from = options.from ?? 0;
  let position = Math.max(from, options.context.length - options.count);
  while (position < options.context.length && !isSafeCut(options.context, position)) position++;
  return position;
}
