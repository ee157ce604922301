import type { ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import type { Session } from "../engine/model";
import { sessionFingerprint } from "../store/runs";
import { readSessionFacts, writeSessionFacts } from "../store/session-facts";
import { CONTINUATION_FACTS_KEY, parseContinuationFacts } from "./continuation-facts-schema";
import { extractRunFacts } from "./score-run-recall";

/**
 * A stored session's continuation facts, extracted once per session and stored with it (SessionFacts): every run,
 * comparison, sweep and recommendation of the session — in any process — reads them instead of extracting again.
 * Stored under {@link CONTINUATION_FACTS_KEY} (the importer's and extractor's versions) and the session's
 * fingerprint (`sessionFingerprint`: a re-import or a redaction changes it, and both also delete the row), and
 * checked against `session` when read back (ContinuationFactsSchema, one entry per message); anything else is
 * extracted again (without holding the event loop: `extractRunFacts`) and stored. `session` is the stored session
 * `sessionId` names, as loaded (`loadSessionCached`).
 */
export async function sessionContinuationFacts(options: { sessionId: string; session: Session }): Promise<ContinuationFacts> {
  const key = `${CONTINUATION_FACTS_KEY} ${await sessionFingerprint(options.sessionId)}`;
  const stored = await readSessionFacts(options.sessionId);
  if (stored?.key === key) {
    const facts = parseContinuationFacts(stored.facts, options.session.messages.length);
    if (facts) return facts;
  }
  const facts = await extractRunFacts(options.session);
  // storing them is for speed only: a write that fails (a busy database) costs the next run an extraction, never this run
  await writeSessionFacts(options.sessionId, { key, facts }).catch((error: unknown) => {
    console.warn(`[runs] continuation facts of session ${options.sessionId} not stored: ${error instanceof Error ? error.message.split("\n").filter(Boolean).pop() : String(error)}`);
  });
  return facts;
}
