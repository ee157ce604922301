import type { ContextView } from "../strategy";

/**
 * Where the recent tail kept verbatim starts, and its additive tokens (marks applied): walking back from the newest
 * message until `keepTokens` are kept, then forward to the next user message of the session (a turn start); when the
 * current turn alone is longer, back to the nearest message that is not a tool result, so no result loses its call.
 * Null when everything after `from` fits.
 */
export function recentTail(context: ContextView, options: { from: number; keepTokens: number }): { position: number; tokens: number } | null {
  let kept = 0;
  let position = context.length;
  while (position > options.from && context.scale(kept) < options.keepTokens) kept += context.entryTokens(--position);
  if (position <= options.from) return null;
  let start = -1;
  for (let candidate = position; candidate < context.length && start < 0; candidate++) {
    const entry = context.entry(candidate);
    if (entry.sessionIndex !== null && entry.message.role === "user") start = candidate;
  }
  if (start < 0) {
    start = position;
    while (start > options.from && context.entry(start).message.role === "tool") start--;
    if (start <= options.from) return null;
  }
  let tokens = 0;
  for (let index = start; index < context.length; index++) tokens += context.entryTokens(index);
  return { position: start, tokens };
}
