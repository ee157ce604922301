import type { Session } from "../engine/model";
import { sessionFingerprint } from "../store/runs";
import { loadSession } from "../store/sessions";
import { createFingerprintCache } from "./fingerprint-cache";
import { processSingleton } from "../process/process-singleton";

/** Canonical sessions kept in memory: previews run on every slider move and should not re-read thousands of rows. */
export const SESSION_CACHE_SIZE = 8;

const sessions = processSingleton("session-cache", () => createFingerprintCache<Session>({ size: SESSION_CACHE_SIZE, fingerprint: sessionFingerprint, load: loadSession }));

/**
 * The canonical session, from a small in-memory LRU. Each call still reads the session's row (one indexed
 * lookup) so a deleted session is a 404 and a re-imported one is reloaded. Throws `not_found:session`.
 * The cached session is shared: the engine never mutates its input, and neither may callers.
 */
export function loadSessionCached(id: string): Promise<Session> {
  return sessions.get(id);
}
