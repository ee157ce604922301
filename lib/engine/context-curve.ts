import { contextTokensOf, type Session } from "./model";
import { estimateMessageTokens } from "./tokens/chars4";

export interface ContextCurvePoint {
  /** 0-based model call number */
  step: number;
  /** index of the assistant message the call produced */
  messageIndex: number;
  /** chars/4 estimate of everything before that message, as recorded (no strategy applied) */
  estimatedTokens: number;
  /** what the source recorded for that call, or null */
  recordedTokens: number | null;
}

/**
 * Context size per model call of a session as recorded: each assistant message is one call, sent everything
 * before it since the last recorded compaction (a message flagged `summary` restarts the context from itself).
 * Linear in the session's length.
 */
export function contextCurve(session: Session): ContextCurvePoint[] {
  const points: ContextCurvePoint[] = [];
  let running = 0;
  let previousRole: string | null = null;
  session.messages.forEach((message, index) => {
    if (message.summary) running = 0;
    const startsCall = message.role === "assistant" && previousRole !== "assistant";
    if (startsCall && !message.summary) {
      points.push({
        step: points.length,
        messageIndex: index,
        estimatedTokens: running,
        recordedTokens: message.usage ? contextTokensOf(message.usage) : null,
      });
    }
    running += estimateMessageTokens(message);
    previousRole = message.role;
  });
  return points;
}
