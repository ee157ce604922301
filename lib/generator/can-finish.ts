/**
 * What the last generated message was, for the exact-count planner: `opening` is the system prompt,
 * `final` an assistant message without tool calls, `tool` a tool result, `user` a user message.
 */
export type SessionState = "opening" | "final" | "tool" | "user";

/**
 * Whether a session in `state` can end exactly `remaining` messages later on an assistant message with no
 * open tool calls, using the moves the generator has (user message; assistant with n ≥ 1 calls followed by
 * its n results; final assistant message).
 *
 * The dead ends are few and small: after a tool result, 2 left (a final would leave 1, which can only be a
 * user message; a call needs its result and leaves nothing for the answer); after a final or the opening,
 * 1 left (only a user message fits). Everything from 3 up can finish, which the generator relies on.
 */
export function canFinish(state: SessionState, remaining: number): boolean {
  if (remaining === 0) return state === "final";
  if (remaining < 0) return false;
  switch (state) {
    case "tool":
      return remaining !== 2;
    case "final":
    case "opening":
      return remaining >= 2;
    case "user":
      return true;
  }
}

/**
 * How many of a beat's calls fit: `wanted` or fewer, else one or two more (a filler call), such that the
 * session can still finish exactly. 0 when no call count fits, and the caller answers without tools.
 */
export function fitCallCount(remaining: number, wanted: number): number {
  const candidates = [];
  for (let count = wanted; count >= 1; count--) candidates.push(count);
  candidates.push(wanted + 1, wanted + 2);
  return candidates.find((count) => canFinish("tool", remaining - 1 - count)) ?? 0;
}
