import type { SessionDetail } from "../api/schemas";
import { sessionFingerprint } from "../store/runs";
import { getSession } from "../store/sessions";

/** Session details kept in memory (a detail holds one point per model call; a few hundred KB at most). */
export const SESSION_DETAIL_CACHE_SIZE = 16;

const cache = new Map<string, { fingerprint: string; detail: SessionDetail }>();

/**
 * GET /api/sessions/:id's answer from a small in-memory LRU. Building it reads every message and computes the
 * context curve (0.3–0.7 s on 10,000 messages); an imported session does not change, so each call reads only
 * its row's fingerprint (one indexed lookup: a deleted session is a 404, a re-imported one with other figures
 * is rebuilt) — the same rule as {@link loadSessionCached}. The cached detail is shared: callers must not
 * mutate it. Throws `not_found:session`.
 */
export async function getSessionCached(id: string): Promise<SessionDetail> {
  const fingerprint = await sessionFingerprint(id);
  const hit = cache.get(id);
  if (hit && hit.fingerprint === fingerprint) {
    cache.delete(id);
    cache.set(id, hit);
    return hit.detail;
  }
  const detail = await getSession(id);
  cache.delete(id);
  cache.set(id, { fingerprint, detail });
  while (cache.size > SESSION_DETAIL_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return detail;
}
