import type { Session } from "../engine/model";
import { sessionFingerprint } from "../store/runs";
import { loadSession } from "../store/sessions";

/** Canonical sessions kept in memory: previews run on every slider move and should not re-read thousands of rows. */
export const SESSION_CACHE_SIZE = 8;

const cache = new Map<string, { fingerprint: string; session: Session }>();

/**
 * The canonical session, from a small in-memory LRU. Each call still reads the session's row (one indexed
 * lookup) so a deleted session is a 404 and a re-imported one is reloaded. Throws `not_found:session`.
 * The cached session is shared: the engine never mutates its input, and neither may callers.
 */
export async function loadSessionCached(id: string): Promise<Session> {
  const fingerprint = await sessionFingerprint(id);
  const hit = cache.get(id);
  if (hit && hit.fingerprint === fingerprint) {
    cache.delete(id);
    cache.set(id, hit);
    return hit.session;
  }
  const session = await loadSession(id);
  cache.delete(id);
  cache.set(id, { fingerprint, session });
  while (cache.size > SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return session;
}
