import type { ContextView } from "../strategy";

/**
 * Where the verbatim tail starts when OpenCode's v2 compaction (and Kilo Code, its fork) keeps the newest turns: a
 * turn is a user message and everything up to the next one; of the newest `tailTurns` turns, walking newest first,
 * each that still fits `budget` (additive tokens) is kept whole; the first that does not is split — the tail starts
 * at the earliest assistant message inside it whose remainder fits — and the walk stops. Returns the position the
 * tail starts at, or null when nothing is kept (no user turn after `from`, `tailTurns` 0, or not even the newest
 * turn's last assistant step fits). A tail never starts on a tool message, so no result is kept without its call.
 */
export function selectRecentTail(options: { context: ContextView; from: number; tailTurns: number; budget: number }): number | null {
  const { context, from, tailTurns, budget } = options;
  if (tailTurns <= 0 || budget <= 0) return null;
  const starts: number[] = [];
  for (let position = from; position < context.length; position++) {
    const entry = context.entry(position);
    if (entry.message.role === "user" && entry.sessionIndex !== null) starts.push(position);
  }
  if (starts.length === 0) return null;
  const recent = starts.slice(-tailTurns);
  let kept: number | null = null;
  let total = 0;
  for (let index = recent.length - 1; index >= 0; index--) {
    const start = recent[index];
    const end = index + 1 < recent.length ? recent[index + 1] : context.length;
    const size = tokensBetween(context, start, end);
    if (total + size <= budget) {
      total += size;
      kept = start;
      continue;
    }
    // split inside the turn, between model steps: the earliest assistant message whose remainder fits
    let suffix = size;
    for (let position = start; position < end; position++) {
      if (position > start && context.entry(position).message.role === "assistant" && total + suffix <= budget) return position;
      suffix -= context.entryTokens(position);
    }
    break;
  }
  return kept;
}

function tokensBetween(context: ContextView, from: number, to: number): number {
  let total = 0;
  for (let position = from; position < to; position++) total += context.entryTokens(position);
  return total;
}
