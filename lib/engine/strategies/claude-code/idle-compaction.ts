import type { ContextView } from "../strategy";

/**
 * Claude Code's idle compaction (v2.1.299, 2026-10-14): a conversation of at least `CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS`
 * (200,000) left idle about 54 minutes is compacted before the one-hour prompt cache expires, so the next message
 * does not re-send the whole conversation uncached. Turned off with `"idleCompaction": false` in settings.json (or
 * the Idle compaction row /config gained in the release of 2026-10-16).
 *
 * The lab reads the idle time from the transcript: from the newest assistant message (the end of the last reply) to
 * the newest message after it with a timestamp (what the user sent when they came back). Returns where the messages
 * sent after the idle gap begin (the compaction summarizes what came before it and keeps them) and the gap, or
 * null when the context is not idle-compactable: no reply yet, a missing timestamp, or a gap shorter than
 * `afterMinutes`.
 */
export function idleCompactionPoint(context: ContextView, afterMinutes: number): { resumeAt: number; idleMinutes: number } | null {
  let resumeAt = -1;
  let resumedTime = Number.NaN;
  for (let position = context.length - 1; position >= 0; position--) {
    const { message, sessionIndex } = context.entry(position);
    if (message.role === "assistant") {
      if (sessionIndex === null || resumeAt < 0 || !Number.isFinite(resumedTime)) return null;
      const replyTime = message.timestamp === undefined ? Number.NaN : Date.parse(message.timestamp);
      if (!Number.isFinite(replyTime)) return null;
      const idleMinutes = (resumedTime - replyTime) / 60_000;
      return idleMinutes >= afterMinutes ? { resumeAt, idleMinutes } : null;
    }
    resumeAt = position;
    if (sessionIndex !== null && message.timestamp !== undefined) {
      const time = Date.parse(message.timestamp);
      if (Number.isFinite(time)) resumedTime = time;
    }
  }
  return null;
}
