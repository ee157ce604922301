import { expect, it } from "vitest";
import { db } from "../store/db";
import {
  BROWSER_SESSION_LIFETIME_MS,
  LAST_SEEN_RESOLUTION_MS,
  countBrowserSessions,
  createBrowserSession,
  deleteAllBrowserSessions,
  deleteBrowserSession,
  deleteExpiredBrowserSessions,
  findBrowserSession,
} from "../store/browser-sessions";

const at = (iso: string) => new Date(iso);

/** The browser-session store's behaviour, shared by the SQLite and PostgreSQL test files. Call it inside a describe block. */
export function browserSessionsContract(): void {
  it("creates a session with an unguessable id and its times; finds it; signs it out; holds nothing but id and times", async () => {
    const now = at("2026-11-26T10:00:00.000Z");
    const session = await createBrowserSession(now);
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toEqual({ id: session.id, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + BROWSER_SESSION_LIFETIME_MS) });
    const other = await createBrowserSession(now);
    expect(other.id).not.toBe(session.id);
    expect(await findBrowserSession(session.id, now)).toEqual(session);

    const row = await (await db()).browserSession.findUnique({ where: { id: session.id } });
    expect(Object.keys(row ?? {}).sort()).toEqual(["createdAt", "expiresAt", "id", "lastSeenAt"]);

    expect(await deleteBrowserSession(session.id)).toBe(true);
    expect(await findBrowserSession(session.id, now)).toBeNull();
    expect(await deleteBrowserSession(session.id)).toBe(false);
    expect(await findBrowserSession(other.id, now)).not.toBeNull();
    await deleteAllBrowserSessions();
  });

  it("refuses malformed and unknown ids without a query error", async () => {
    for (const id of ["", "short", "x".repeat(43) + "'", "%".repeat(43), "A".repeat(43)]) expect(await findBrowserSession(id)).toBeNull();
  });

  it("moves last-seen at most once per resolution, however many requests (no write per request)", async () => {
    const start = at("2026-11-26T10:00:00.000Z");
    const session = await createBrowserSession(start);
    const prisma = await db();
    const stored = async () => (await prisma.browserSession.findUniqueOrThrow({ where: { id: session.id } })).lastSeenAt;
    const soon = new Date(start.getTime() + LAST_SEEN_RESOLUTION_MS - 1);
    expect((await findBrowserSession(session.id, soon))?.lastSeenAt).toEqual(start);
    expect(await stored()).toEqual(start);
    const later = new Date(start.getTime() + LAST_SEEN_RESOLUTION_MS);
    // ten requests at once, as from several instances: one update lands, all see the new time
    const seen = await Promise.all(Array.from({ length: 10 }, () => findBrowserSession(session.id, later)));
    expect(seen.every((found) => found?.lastSeenAt.getTime() === later.getTime())).toBe(true);
    expect(await stored()).toEqual(later);
    // a second later writes nothing; an instance whose clock is behind never moves it back
    await findBrowserSession(session.id, new Date(later.getTime() + 1_000));
    await findBrowserSession(session.id, start);
    expect(await stored()).toEqual(later);
    // seeing it does not extend it: the expiry stays 30 days from sign-in
    expect((await prisma.browserSession.findUniqueOrThrow({ where: { id: session.id } })).expiresAt).toEqual(session.expiresAt);
    await deleteAllBrowserSessions();
  });

  it("an expired session is not found and is deleted; sign-in clears every expired one; counting skips them", async () => {
    const start = at("2026-10-01T00:00:00.000Z");
    const old = await createBrowserSession(start);
    const older = await createBrowserSession(start);
    const expiry = new Date(start.getTime() + BROWSER_SESSION_LIFETIME_MS);
    expect(await findBrowserSession(old.id, new Date(expiry.getTime() - 1))).not.toBeNull();
    expect(await countBrowserSessions(expiry)).toBe(0);
    expect(await findBrowserSession(old.id, expiry)).toBeNull();
    const prisma = await db();
    expect(await prisma.browserSession.count({ where: { id: old.id } })).toBe(0);
    expect(await prisma.browserSession.count({ where: { id: older.id } })).toBe(1);
    const fresh = await createBrowserSession(expiry);
    expect(await prisma.browserSession.count({ where: { id: older.id } })).toBe(0);
    expect(await countBrowserSessions(expiry)).toBe(1);
    expect(await deleteExpiredBrowserSessions(new Date(fresh.expiresAt.getTime() + 1))).toBe(1);
  });

  it("sign out everywhere deletes every session and says how many", async () => {
    const now = new Date();
    await Promise.all([createBrowserSession(now), createBrowserSession(now), createBrowserSession(now)]);
    expect(await countBrowserSessions(now)).toBe(3);
    expect(await deleteAllBrowserSessions()).toBe(3);
    expect(await countBrowserSessions(now)).toBe(0);
  });
}
