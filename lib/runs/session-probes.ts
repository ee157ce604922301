import { extractSessionProbes } from "../engine/evaluate/extract-probes";
import type { Probe } from "../engine/evaluate/probe";
import type { Session } from "../engine/model";
import { countModelCalls } from "../engine/simulate/count-model-calls";
import { sessionFingerprint } from "../store/runs";
import { readSessionProbes, writeSessionProbes } from "../store/session-probes";
import { parseSessionProbes, SESSION_PROBES_KEY } from "./session-probes-schema";

/**
 * A stored session's own probes (`extractSessionProbes`), extracted once per session and stored with it
 * (SessionProbes), as its continuation facts are (`sessionContinuationFacts`): every comparison, sweep and
 * recommendation of the session — in any worker process — reads them instead of extracting again (0.3–0.4 s of
 * CPU for each of the sweep bench's 2,000-message sessions, paid once per process before). Stored under
 * {@link SESSION_PROBES_KEY} (the importer's and extractor's versions) and the session's fingerprint (a re-import or
 * a redaction changes it, and both also delete the row), and checked against `session` when read back; anything
 * else is extracted again and stored. The user's probes are not in them (`withUserProbes` adds those).
 */
export async function sessionProbes(options: { sessionId: string; session: Session }): Promise<Probe[]> {
  const { session } = options;
  const key = `${SESSION_PROBES_KEY} ${await sessionFingerprint(options.sessionId)}`;
  const stored = await readSessionProbes(options.sessionId);
  if (stored?.key === key) {
    const probes = parseSessionProbes(stored.probes, { messageIds: new Set(session.messages.map((message) => message.id)), modelCalls: countModelCalls(session) });
    if (probes) return probes;
  }
  const probes = extractSessionProbes(session);
  // storing them is for speed only: a write that fails (a busy database) costs the next process an extraction, never this run
  await writeSessionProbes(options.sessionId, { key, probes }).catch((error: unknown) => {
    console.warn(`[runs] probes of session ${options.sessionId} not stored: ${error instanceof Error ? error.message.split("\n").filter(Boolean).pop() : String(error)}`);
  });
  return probes;
}
