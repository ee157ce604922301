import type { Message, Session } from "../model";

export type MessageKind = "call" | "call-continuation" | "recorded-marker" | "recorded-summary" | "message";

/**
 * What each session message is to the replay, in one linear pass:
 * - `call`: an assistant message that starts a model call (the same rule as `contextCurve`: an assistant
 *   message not directly after another assistant message, so the replay's steps line up with the recorded curve);
 * - `call-continuation`: an assistant message directly after another (same call);
 * - `recorded-marker` / `recorded-summary`: a compaction recorded in the transcript (a message with a
 *   `compaction` part, a message flagged `summary`). Every strategy skips both — a strategy decides its own
 *   compactions — and the replay reports the marker as a `recorded-compaction` event. So `none` shows the
 *   session as it would have been sent had the agent never compacted.
 */
export function classifyMessages(session: Session): MessageKind[] {
  let previousRole: Message["role"] | null = null;
  return session.messages.map((message) => {
    if (message.parts.some((part) => part.type === "compaction")) return "recorded-marker";
    if (message.summary) return "recorded-summary";
    const kind: MessageKind =
      message.role !== "assistant" ? "message" : previousRole === "assistant" ? "call-continuation" : "call";
    previousRole = message.role;
    return kind;
  });
}
