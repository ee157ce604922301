import { randomBytes } from "node:crypto";
import { BROWSER_SESSION_LIFETIME_MS } from "../security/session-cookie";
import { db } from "./db";

export { BROWSER_SESSION_LIFETIME_MS };
/** A session's last-seen time is written at most this often, not on every request. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;
/** 32 random bytes, base64url: an id nobody can guess (the cookie's HMAC is the second lock). */
const ID_BYTES = 32;
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A signed-in browser as the store returns it: an id and its times, nothing else. */
export interface BrowserSessionRecord {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

const SELECT = { id: true, createdAt: true, lastSeenAt: true, expiresAt: true } as const;

/**
 * Records a new sign-in and, while at it, deletes every session that has expired (a sign-in is rare, so the
 * clean-up costs nothing noticeable and needs no timer). `now` is for tests.
 */
export async function createBrowserSession(now: Date = new Date()): Promise<BrowserSessionRecord> {
  const prisma = await db();
  await deleteExpiredBrowserSessions(now);
  return prisma.browserSession.create({
    data: { id: randomBytes(ID_BYTES).toString("base64url"), createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + BROWSER_SESSION_LIFETIME_MS) },
    select: SELECT,
  });
}

/**
 * The live session with this id, or null (unknown, malformed, signed out or expired — an expired one is deleted on
 * the way). Seeing a session moves its last-seen time, but only when the stored one is older than
 * LAST_SEEN_RESOLUTION_MS: the update is conditional in the database, so any number of requests and instances
 * write at most once a minute per session.
 */
export async function findBrowserSession(id: string, now: Date = new Date()): Promise<BrowserSessionRecord | null> {
  if (!ID_PATTERN.test(id)) return null;
  const prisma = await db();
  const row = await prisma.browserSession.findUnique({ where: { id }, select: SELECT });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await prisma.browserSession.deleteMany({ where: { id } });
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return row;
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  await prisma.browserSession.updateMany({ where: { id, lastSeenAt: { lte: staleBefore } }, data: { lastSeenAt: now } });
  return { ...row, lastSeenAt: now };
}

/** Signs one browser out: deletes its session (idempotent; false when there was none). */
export async function deleteBrowserSession(id: string): Promise<boolean> {
  const prisma = await db();
  return (await prisma.browserSession.deleteMany({ where: { id } })).count > 0;
}

/** "Sign out everywhere": deletes every session; returns how many there were. */
export async function deleteAllBrowserSessions(): Promise<number> {
  const prisma = await db();
  return (await prisma.browserSession.deleteMany({})).count;
}

/** Deletes the sessions expired at `now`; returns how many. */
export async function deleteExpiredBrowserSessions(now: Date = new Date()): Promise<number> {
  const prisma = await db();
  return (await prisma.browserSession.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}

/** How many sessions are live at `now` (shown beside "Sign out everywhere"). */
export async function countBrowserSessions(now: Date = new Date()): Promise<number> {
  const prisma = await db();
  return prisma.browserSession.count({ where: { expiresAt: { gt: now } } });
}
