import { contextTokensOf, type Session } from "./model";
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
  const stats: SessionStats = {
    messages: session.messages.length,
    toolCalls: 0,
    toolResults: 0,
    recordedCompactions: 0,
    estimatedTokens: 0,
    recordedPeakContextTokens: null,
  };
  for (const message of session.messages) {
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
  return stats;
}
