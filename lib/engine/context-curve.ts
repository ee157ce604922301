import { contextTokensOf, type Message, type Session } from "./model";
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
  const curve = createContextCurve();
  for (const message of session.messages) curve.add(message);
  return curve.points;
}

/** {@link contextCurve} built one message at a time, in the session's order (a session streamed to the store). */
export interface ContextCurveBuilder {
  /** the next message of the session */
  add(message: Message): void;
  /** the points so far (the builder's own array: read it once every message is added) */
  readonly points: ContextCurvePoint[];
}

export function createContextCurve(): ContextCurveBuilder {
  const points: ContextCurvePoint[] = [];
  let running = 0;
  let previousRole: string | null = null;
  let index = 0;
  return {
    points,
    add(message) {
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
      index++;
    },
  };
}
