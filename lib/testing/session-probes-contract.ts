import { expect, it } from "vitest";
import { extractProbes, extractSessionProbes, withUserProbes } from "../engine/evaluate/extract-probes";
import { generateSession } from "../generator/generate-session";
import { SESSION_PROBES_KEY } from "../runs/session-probes-schema";
import { loadSessionCached } from "../runs/session-cache";
import { sessionProbes } from "../runs/session-probes";
import { db } from "../store/db";
import { replaceSessionContent } from "../store/replace-session-content";
import { readSessionProbes, writeSessionProbes } from "../store/session-probes";
import { storeSession } from "../store/sessions";

/**
 * A session's own probes stored with it (SessionProbes): extracted once, read back by every later caller (in any
 * process) equal to a fresh extraction, extracted again when stale or damaged, dropped with the messages they
 * describe. Shared by the SQLite and PostgreSQL files.
 */
export function sessionProbesContract(): void {
  it("extracts once and stores the probes; later callers read the stored ones, equal to a fresh extraction, and the user's probes are added as extractProbes adds them", async () => {
    const session = generateSession({ seed: 21, messages: 240 });
    const { id } = await storeSession({ session, sessionCount: 1, pick: 0 });
    expect(await readSessionProbes(id)).toBeNull();
    const loaded = await loadSessionCached(id);
    const expected = extractSessionProbes(loaded);
    expect(expected.length).toBeGreaterThan(5);
    expect(await sessionProbes({ sessionId: id, session: loaded })).toEqual(expected);
    const stored = await readSessionProbes(id);
    expect(stored?.key.startsWith(`${SESSION_PROBES_KEY} `)).toBe(true);
    expect(stored?.probes).toEqual(expected);
    // a second caller reads what is stored: mark the stored row, and the mark comes back
    const marked = expected.map((probe, index) => (index === 0 ? { ...probe, text: `${probe.text} (stored)` } : probe));
    await writeSessionProbes(id, { key: stored!.key, probes: marked });
    expect(await sessionProbes({ sessionId: id, session: loaded })).toEqual(marked);
    await writeSessionProbes(id, { key: stored!.key, probes: expected });
    const read = await sessionProbes({ sessionId: id, session: loaded });
    const userProbes = [
      { id: "a", kind: "text" as const, pattern: expected[0].text },
      { id: "b", kind: "regex" as const, pattern: "no such [a-z]+ anywhere" },
    ];
    expect(withUserProbes({ session: loaded, sessionProbes: read, userProbes })).toEqual(extractProbes(loaded, { userProbes }));
    expect(JSON.stringify(withUserProbes({ session: loaded, sessionProbes: read, userProbes: [] }))).toBe(JSON.stringify(extractProbes(loaded)));
  });

  it("probes under another key, or that do not fit the session, are extracted again and replaced; a re-import drops them; a deleted session's go with it", async () => {
    const session = generateSession({ seed: 22, messages: 160 });
    const { id } = await storeSession({ session, sessionCount: 1, pick: 0 });
    const loaded = await loadSessionCached(id);
    const expected = extractSessionProbes(loaded);
    await sessionProbes({ sessionId: id, session: loaded });
    const { key } = (await readSessionProbes(id))!;
    await writeSessionProbes(id, { key: "0.0 older", probes: [] });
    expect(await sessionProbes({ sessionId: id, session: loaded })).toEqual(expected);
    expect((await readSessionProbes(id))!.key).toBe(key);
    await writeSessionProbes(id, { key, probes: expected.map((probe) => ({ ...probe, messageId: "not-a-message-of-it" })) });
    expect(await sessionProbes({ sessionId: id, session: loaded })).toEqual(expected);
    await writeSessionProbes(id, { key, probes: [{ id: "rule-0", kind: "rule" }] });
    expect(await sessionProbes({ sessionId: id, session: loaded })).toEqual(expected);
    expect((await readSessionProbes(id))!.probes).toEqual(expected);

    const other = generateSession({ seed: 23, messages: 160 });
    await replaceSessionContent(id, { session: other, sessionCount: 1 });
    expect(await readSessionProbes(id)).toBeNull();
    const reloaded = await loadSessionCached(id);
    expect(await sessionProbes({ sessionId: id, session: reloaded })).toEqual(extractSessionProbes(reloaded));

    await (await db()).session.delete({ where: { id } });
    expect(await readSessionProbes(id)).toBeNull();
    expect(await writeSessionProbes(id, { key, probes: expected })).toBe(false);
    expect(await (await db()).sessionProbes.count({ where: { sessionId: id } })).toBe(0);
  });
}
