import { sessionFingerprint } from "../store/runs";
import { getSession, type SessionDetailRecord } from "../store/sessions";
import { createFingerprintCache } from "./fingerprint-cache";
import { processSingleton } from "../process/process-singleton";

/** Session details kept in memory (a detail holds one point per model call; a few hundred KB at most). */
export const SESSION_DETAIL_CACHE_SIZE = 16;

const details = processSingleton("session-detail-cache", () =>
  createFingerprintCache<SessionDetailRecord>({ size: SESSION_DETAIL_CACHE_SIZE, fingerprint: sessionFingerprint, load: getSession }),
);

/**
 * GET /api/sessions/:id's answer from a small in-memory LRU. Building it reads every message and computes the
 * context curve (0.3–0.7 s on 10,000 messages); an imported session does not change, so each call reads only
 * its row's fingerprint (one indexed lookup: a deleted session is a 404, a re-imported one with other figures
 * is rebuilt) — the same rule as {@link loadSessionCached}. The cached detail is shared: callers must not
 * mutate it. Throws `not_found:session`.
 */
export function getSessionCached(id: string): Promise<SessionDetailRecord> {
  return details.get(id);
}

/**
 * Keeps a detail just built from the session in memory (an import has every message parsed already): the first
 * visit of a 100,000-message session then answers at once instead of reading and parsing every stored message
 * again while the timeline's first page waits behind it. Per process; other instances load it on first read.
 */
export function rememberSessionDetail(detail: SessionDetailRecord): Promise<void> {
  return details.put(detail.id, detail);
}
