import { expect, it } from "vitest";
import { db } from "../store/db";
import { createRun, deleteRun } from "../store/runs";
import { storeSession } from "../store/sessions";
import { createShareLink, hashShareToken, listShareLinks, resolveShareToken, revokeShareLink } from "../store/share-links";
import { buildSession } from "./store-contract";

const OPTIONS = { window: 60_000, outputReserve: 8_000, estimator: "chars4", summarizer: "extractive", model: null, instructions: null, compactAtStep: null, promptOverrides: null } as const;

/** The share-link store's behaviour, shared by the SQLite and PostgreSQL test files. Call it inside a describe block. */
export function shareLinksContract(): void {
  it("makes session, run and comparison links (hash stored, runs scoped to their session), lists, resolves and revokes them", async () => {
    const session = await storeSession({ session: buildSession(6), sessionCount: 1, pick: 0 });
    const other = await storeSession({ session: buildSession(4), sessionCount: 1, pick: 0 });
    const first = await createRun({ sessionId: session.id, strategyId: "opencode", settings: {}, options: OPTIONS });
    const second = await createRun({ sessionId: session.id, strategyId: "codex", settings: {}, options: OPTIONS });
    const foreign = await createRun({ sessionId: other.id, strategyId: "opencode", settings: {}, options: OPTIONS });

    const sessionLink = await createShareLink({ kind: "session", targetId: session.id });
    const runLink = await createShareLink({ kind: "run", targetId: second.id });
    const comparison = await createShareLink({ kind: "comparison", targetId: session.id, runIds: [first.id, second.id, first.id], label: "demo" });
    expect(new Set([sessionLink.token, runLink.token, comparison.token]).size).toBe(3);
    expect(runLink.link).toMatchObject({ kind: "run", sessionId: session.id, runId: second.id, runIds: [] });
    expect(comparison.link).toMatchObject({ kind: "comparison", sessionId: session.id, runId: null, runIds: [first.id, second.id], label: "demo" });

    // only the hashes are in the database, never a token
    const rows = await (await db()).shareLink.findMany({ where: { sessionId: session.id } });
    expect(rows.map((row) => row.tokenHash).sort()).toEqual([sessionLink.token, runLink.token, comparison.token].map(hashShareToken).sort());
    for (const token of [sessionLink.token, runLink.token, comparison.token]) expect(JSON.stringify(rows)).not.toContain(token);
    const listed = await listShareLinks(session.id);
    expect(listed.map((link) => link.id)).toEqual(expect.arrayContaining([sessionLink.link.id, runLink.link.id, comparison.link.id]));
    expect(await resolveShareToken(comparison.token)).toMatchObject({ id: comparison.link.id, kind: "comparison", runIds: [first.id, second.id] });

    // a run of another session cannot be slipped into a comparison; unknown targets are not found; nothing is stored
    await expect(createShareLink({ kind: "comparison", targetId: session.id, runIds: [first.id, foreign.id] })).rejects.toMatchObject({ code: "not_found:run" });
    await expect(createShareLink({ kind: "comparison", targetId: "no-session", runIds: [first.id, second.id] })).rejects.toMatchObject({ code: "not_found:session" });
    expect(await (await db()).shareLink.count({ where: { sessionId: session.id } })).toBe(3);

    // a run deleted since the link was made stays named in the link (the page leaves it out)
    await deleteRun(first.id);
    expect((await resolveShareToken(comparison.token))?.runIds).toEqual([first.id, second.id]);

    await revokeShareLink(comparison.link.id);
    expect(await resolveShareToken(comparison.token)).toBeNull();
    expect(await resolveShareToken(runLink.token)).not.toBeNull();

    // deleting the session deletes its links
    await (await db()).session.delete({ where: { id: session.id } });
    expect(await resolveShareToken(sessionLink.token)).toBeNull();
    expect(await (await db()).shareLink.count({ where: { sessionId: session.id } })).toBe(0);
  });
}
