import { expect, it } from "vitest";
import { extractContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import { generateSession } from "../generator/generate-session";
import { CONTINUATION_FACTS_KEY } from "../runs/continuation-facts-schema";
import { loadSessionCached } from "../runs/session-cache";
import { sessionContinuationFacts } from "../runs/session-continuation-facts";
import { db } from "../store/db";
import { replaceSessionContent } from "../store/replace-session-content";
import { readSessionFacts, writeSessionFacts } from "../store/session-facts";
import { storeSession } from "../store/sessions";

/**
 * Continuation facts stored with a session (SessionFacts): extracted once, read back by every later caller,
 * extracted again when stale, dropped with the messages they describe. Shared by the SQLite and PostgreSQL files.
 */
export function sessionFactsContract(): void {
  it("extracts once and stores the facts; later callers read the stored ones, equal to a fresh extraction", async () => {
    const session = generateSession({ seed: 11, messages: 240 });
    const { id } = await storeSession({ session, sessionCount: 1, pick: 0 });
    expect(await readSessionFacts(id)).toBeNull();
    const loaded = await loadSessionCached(id);
    const expected = extractContinuationFacts(loaded);
    expect(expected.facts.length).toBeGreaterThan(5);
    expect(await sessionContinuationFacts({ sessionId: id, session: loaded })).toEqual(expected);
    const stored = await readSessionFacts(id);
    expect(stored?.key.startsWith(`${CONTINUATION_FACTS_KEY} `)).toBe(true);
    expect(stored?.facts).toEqual(expected);
    // a second caller reads what is stored: mark the stored row, and the mark comes back
    const marked = { ...expected, facts: expected.facts.map((fact, index) => (index === 0 ? { ...fact, lastUse: fact.lastUse + 1 } : fact)) };
    await writeSessionFacts(id, { key: stored!.key, facts: marked });
    expect(await sessionContinuationFacts({ sessionId: id, session: loaded })).toEqual(marked);
  });

  it("facts under another key, or that do not fit the session, are extracted again and replaced; a re-import drops them; a deleted session's go with it", async () => {
    const session = generateSession({ seed: 12, messages: 160 });
    const { id } = await storeSession({ session, sessionCount: 1, pick: 0 });
    const loaded = await loadSessionCached(id);
    const expected = extractContinuationFacts(loaded);
    await sessionContinuationFacts({ sessionId: id, session: loaded });
    const { key } = (await readSessionFacts(id))!;
    await writeSessionFacts(id, { key: "0.0 older", facts: { ...expected, facts: [] } });
    expect(await sessionContinuationFacts({ sessionId: id, session: loaded })).toEqual(expected);
    expect((await readSessionFacts(id))!.key).toBe(key);
    await writeSessionFacts(id, { key, facts: { ...expected, firstStepByIndex: expected.firstStepByIndex.slice(1) } });
    expect(await sessionContinuationFacts({ sessionId: id, session: loaded })).toEqual(expected);
    expect((await readSessionFacts(id))!.facts).toEqual(expected);

    const other = generateSession({ seed: 13, messages: 160 });
    await replaceSessionContent(id, { session: other, sessionCount: 1 });
    expect(await readSessionFacts(id)).toBeNull();
    const reloaded = await loadSessionCached(id);
    expect(await sessionContinuationFacts({ sessionId: id, session: reloaded })).toEqual(extractContinuationFacts(reloaded));

    await (await db()).session.delete({ where: { id } });
    expect(await readSessionFacts(id)).toBeNull();
    expect(await writeSessionFacts(id, { key, facts: expected })).toBe(false);
    expect(await (await db()).sessionFacts.count({ where: { sessionId: id } })).toBe(0);
  });
}
