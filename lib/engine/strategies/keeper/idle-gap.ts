import type { ContextView } from "../strategy";

/**
 * The idle gap before the call being prepared, in milliseconds, read from the recorded timestamps of the context:
 * from the newest assistant message (the end of the previous model call) to the newest message with a timestamp
 * (what the request goes out after). The previous request went out before its reply ended, so the gap since the
 * cache entry's last use is at least this long: a gap past the TTL means the cache is certainly cold. Null when
 * either end has no timestamp (a source without them, or only synthetic messages since a compaction).
 */
export function idleGapMs(context: ContextView): number | null {
  let now: number | null = null;
  for (let position = context.length - 1; position >= 0; position--) {
    const { message, sessionIndex } = context.entry(position);
    if (sessionIndex === null) continue;
    const time = message.timestamp === undefined ? Number.NaN : Date.parse(message.timestamp);
    if (now === null) {
      if (message.role === "assistant") return null;
      if (Number.isFinite(time)) now = time;
      continue;
    }
    if (message.role === "assistant") return Number.isFinite(time) ? Math.max(0, now - time) : null;
  }
  return null;
}
