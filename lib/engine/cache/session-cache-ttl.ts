import type { Session } from "../model";
import type { CacheTtlId } from "./cache-rules";

/**
 * The cache lifetime a session's agent asked for, as its recorded usage says: `1h` when most tokens it wrote to the
 * cache were written with the 1-hour TTL (Claude Code records `cache_creation.ephemeral_1h_input_tokens` per call),
 * `5m` when it recorded writes and most were not, null when it recorded no cache write (the provider's default then
 * applies). Pure: reads the usage only.
 */
export function sessionCacheTtl(session: Session): CacheTtlId | null {
  let hour = 0;
  let written = 0;
  for (const message of session.messages) {
    if (!message.usage) continue;
    written += message.usage.cacheWrite;
    hour += Math.min(message.usage.cacheWrite1h ?? 0, message.usage.cacheWrite);
  }
  if (written === 0) return null;
  return hour * 2 > written ? "1h" : "5m";
}
