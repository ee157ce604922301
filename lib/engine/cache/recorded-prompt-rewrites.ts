import { contextTokensOf, type Session } from "../model";

/**
 * The model calls whose recorded usage says the provider found nothing of the prompt cached although nothing the
 * transcript holds explains it: the call read 0 tokens from the cache and wrote some (so caching was on and the prompt
 * was long enough), the previous recorded call used the cache too, it was sent within the TTL, and no recorded
 * compaction lies between them. The provider is saying the prompt changed in front of the messages — the agent's system
 * prompt or tools were sent anew. pi writes no entry when it restarts and `--continue`s a session, yet its system
 * prompt ends with the start time to the second (badlogic/pi-mono, coding-agent main.ts buildSystemPrompt), so every
 * restart rewrites the whole prompt; this is how such a restart shows.
 *
 * A restart rewrites the agent's prompt whatever a compaction strategy did to the messages, so the cache model applies
 * these to every strategy's replay (the whole prompt written at that call). What is taken from the record is only
 * where the agent's own prompt changed, never how much a call read or wrote. Message indexes, in order. Pure.
 */
export function recordedPromptRewrites(session: Session, options: { ttlSeconds: number }): number[] {
  const ttlMs = options.ttlSeconds * 1000;
  const rewrites: number[] = [];
  let previous: { time: number | null; cached: boolean } | null = null;
  let compactedSince = false;
  session.messages.forEach((message, index) => {
    if (message.parts.some((part) => part.type === "compaction")) compactedSince = true;
    const usage = message.usage;
    if (message.role !== "assistant" || !usage || contextTokensOf(usage) === 0) return;
    const time = requestTime(session, index);
    if (previous && !compactedSince && previous.cached && usage.cacheRead === 0 && usage.cacheWrite > 0) {
      if (time !== null && previous.time !== null && time - previous.time <= ttlMs) rewrites.push(index);
    }
    previous = { time, cached: usage.cacheRead + usage.cacheWrite > 0 };
    compactedSince = false;
  });
  return rewrites;
}

/** When a call was sent: the timestamp of the message before it, else its own (as the cache model's input takes it). */
function requestTime(session: Session, index: number): number | null {
  for (const candidate of [session.messages[index - 1]?.timestamp, session.messages[index]?.timestamp]) {
    const parsed = candidate !== undefined ? Date.parse(candidate) : Number.NaN;
    if (Number.isFinite(parsed)) return parsed;
  }
  return null;
}
