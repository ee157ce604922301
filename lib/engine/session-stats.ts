import { contextTokensOf, type Message, type Session } from "./model";
import { estimateMessageTokens } from "./tokens/chars4";

export interface SessionStats {
  messages: number;
  toolCalls: number;
  toolResults: number;
  recordedCompactions: number;
  /** chars/4 estimate of the whole session, as if sent at once */
  estimatedTokens: number;
  /** largest context the source recorded (input + cache read + cache write), null when it records no usage */
  recordedPeakContextTokens: number | null;
}

/** Counts a session's messages, tool calls and results, recorded compactions and token sizes. */
export function sessionStats(session: Session): SessionStats {
  const stats = emptySessionStats();
  for (const message of session.messages) addMessageStats(stats, message);
  return stats;
}

/** The stats of a session with no messages yet, for {@link addMessageStats}. */
export function emptySessionStats(): SessionStats {
  return { messages: 0, toolCalls: 0, toolResults: 0, recordedCompactions: 0, estimatedTokens: 0, recordedPeakContextTokens: null };
}

/**
 * Adds one message, the next in the session's order, to `stats` (changed in place): what {@link sessionStats} does for
 * each message, so a session streamed to the store is counted as it passes, without holding its messages.
 */
export function addMessageStats(stats: SessionStats, message: Message): void {
  stats.messages++;
  stats.estimatedTokens += estimateMessageTokens(message);
  for (const part of message.parts) {
    if (part.type === "tool-call") stats.toolCalls++;
    else if (part.type === "tool-result") stats.toolResults++;
    else if (part.type === "compaction") stats.recordedCompactions++;
  }
  if (message.usage) {
    const context = contextTokensOf(message.usage);
    if (context > (stats.recordedPeakContextTokens ?? 0)) stats.recordedPeakContextTokens = context;
  }
}
