import type { ContextView } from "../strategies/strategy";

/**
 * Whether the context can be cut before `position` (everything from `position` on kept) without keeping a
 * tool result whose call is dropped: a cut never lands on a `tool` message. The call's own results follow
 * it directly, so keeping the call keeps them too. Cutting at the end (position === length) is always safe.
 */
export function isSafeCut(context: ContextView, position: number): boolean {
  if (position >= context.length) return true;
  return context.entry(position).message.role !== "tool";
}
