import { NotFoundError } from "../api/contracts/errors";
import { contextCurve } from "../engine/context-curve";
import type { Session } from "../engine/model";
import { estimateMessageTokens } from "../engine/tokens/chars4";
import { db } from "./db";
import type { MessagePageRecord, SessionDetailRecord, SessionRecord } from "./session-record";
import { parseStoredMessages } from "./parse-stored-messages";
import { SESSION_SUMMARY_SELECT, storedFormat, toSessionRecord } from "./session-row";
import { parseStoredMessage, parseStoredMeta } from "./stored-message";

export { storeSession, type StoreSessionInput } from "./store-session";
export type { MessagePageRecord, SessionDetailRecord, SessionRecord } from "./session-record";

/** Every stored session, newest first. */
export async function listSessions(): Promise<SessionRecord[]> {
  const prisma = await db();
  const rows = await prisma.session.findMany({ select: SESSION_SUMMARY_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toSessionRecord);
}

/**
 * One session with its meta and recorded context curve. The curve is computed from the stored messages on
 * every call (linear; tens of milliseconds for 10,000 messages) rather than stored, so it always follows the
 * current lib/engine/context-curve.ts.
 */
export async function getSession(id: string): Promise<SessionDetailRecord> {
  const { row, session } = await readSession(id);
  return { ...toSessionRecord(row), meta: session.meta, contextCurve: contextCurve(session) };
}

/** The canonical session, as the engine reads it. Throws NotFoundError (`not_found:session`). */
export async function loadSession(id: string): Promise<Session> {
  return (await readSession(id)).session;
}

/**
 * The session's summary row and canonical session, read in one batch transaction (both statements in one database
 * transaction, as before: on SQLite one snapshot; on PostgreSQL read-committed, each statement after the last commit —
 * a re-import or redaction replaces both in one transaction) — not an interactive one: a 12,000-message session
 * took 7–8 s to read and parse inside one under load and overran Prisma's 5 s interactive timeout (P2028), failing
 * the run. A batch has no such timeout, and the messages are parsed after it ends, in slices (parseStoredMessages).
 */
async function readSession(id: string) {
  const prisma = await db();
  const [row, rows] = await prisma.$transaction([
    prisma.session.findUnique({ where: { id }, select: { ...SESSION_SUMMARY_SELECT, meta: true } }),
    prisma.message.findMany({ where: { sessionId: id }, orderBy: { seq: "asc" }, select: { seq: true, data: true } }),
  ]);
  if (!row) throw new NotFoundError("session", id);
  const messages = await parseStoredMessages(rows, id);
  const session: Session = { title: row.customTitle ?? row.title, format: storedFormat(row.format, id), meta: parseStoredMeta(row.meta, id), messages };
  return { row, session };
}

/**
 * A page of a session's messages by seq: those with seq ≥ `cursor`, at most `limit`. `nextCursor` is the seq to
 * ask for next, or null after the last message; a cursor past the end gives an empty page, not an error.
 */
export async function listMessages(sessionId: string, page: { cursor: number; limit: number }): Promise<MessagePageRecord> {
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { messageCount: true } });
  if (!session) throw new NotFoundError("session", sessionId);
  const rows = await prisma.message.findMany({
    where: { sessionId, seq: { gte: page.cursor } },
    orderBy: { seq: "asc" },
    take: page.limit + 1,
    select: { seq: true, data: true },
  });
  const messages = rows.slice(0, page.limit).map((row) => {
    const message = parseStoredMessage(row.data, { sessionId, seq: row.seq });
    return { seq: row.seq, tokens: estimateMessageTokens(message), message };
  });
  return { messages, nextCursor: rows.length > page.limit ? rows[page.limit].seq : null, total: session.messageCount };
}

/**
 * Renames a session: `title` is the user's (checked by RenameSessionSchema at the route), or null
 * to go back to the imported title. Only the title changes: messages, runs and the upload stay, and a re-import
 * keeps the user's title. Throws NotFoundError.
 */
export async function renameSession(id: string, title: string | null): Promise<SessionRecord> {
  const prisma = await db();
  const { count } = await prisma.session.updateMany({ where: { id }, data: { customTitle: title } });
  if (count === 0) throw new NotFoundError("session", id);
  const row = await prisma.session.findUnique({ where: { id }, select: SESSION_SUMMARY_SELECT });
  if (!row) throw new NotFoundError("session", id);
  return toSessionRecord(row);
}

/** Deletes a session with its messages, upload and runs (foreign-key cascade). Throws NotFoundError. */
export async function deleteSession(id: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.session.deleteMany({ where: { id } });
  if (count === 0) throw new NotFoundError("session", id);
}
