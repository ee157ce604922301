import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { NotFoundError } from "../api/contracts/errors";
import type { MessagePage, SessionDetail, SessionList } from "../api/contracts/schemas";
import { contextCurve } from "../engine/context-curve";
import type { FormatId, Session } from "../engine/model";
import { estimateMessageTokens } from "../engine/tokens/chars4";
import { importTranscript } from "../transcripts";
import { db } from "./db";
import { insertMessages, loadMessages } from "./session-messages";
import { SESSION_SUMMARY_SELECT, sessionColumns, storedFormat, toSessionSummary } from "./session-row";
import { storeSession, TRANSACTION_OPTIONS, type StoredSession } from "./store-session";
import { parseStoredMessage, parseStoredMeta } from "./stored-message";

export { storeSession, type StoredSession, type StoreSessionInput } from "./store-session";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export interface CreateSessionInput {
  /** the uploaded file, exactly as received; kept (gzipped) for re-import */
  bytes: Uint8Array;
  format?: FormatId;
  /** which session of a multi-session file; default 0 */
  pick?: number;
  /** the uploaded file's name */
  sourceName?: string;
}

/**
 * Imports an uploaded transcript and stores it. Multi-session files (a list of trajectories, a JSONL of
 * instances) store ONE session, the one `pick` chooses (default 0): sessions of one file are unrelated runs, and
 * storing all of them would turn one upload of a 500-instance benchmark file into 500 list entries. The result's
 * `sessionCount` tells the client how many there are, so it can upload again with another `pick`.
 *
 * The import runs before anything is written and throws ImportError for a file that does not fit; the session,
 * its messages and the raw upload are then written in one transaction, so a failure leaves nothing behind.
 */
export async function createSession(input: CreateSessionInput): Promise<StoredSession> {
  const outcome = importTranscript(decodeText(input.bytes), {
    format: input.format,
    pick: input.pick,
    sourceName: input.sourceName,
  });
  const upload = {
    encoding: "gzip",
    size: input.bytes.byteLength,
    sha256: createHash("sha256").update(input.bytes).digest("hex"),
    bytes: new Uint8Array(await gzipAsync(input.bytes)),
  };
  return storeSession({ ...outcome, sourceName: input.sourceName, upload });
}

/** Every stored session, newest first. */
export async function listSessions(): Promise<SessionList> {
  const prisma = await db();
  const rows = await prisma.session.findMany({ select: SESSION_SUMMARY_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { sessions: rows.map(toSessionSummary) };
}

/**
 * One session with its meta and recorded context curve. The curve is computed from the stored messages on
 * every call (linear; tens of milliseconds for 10,000 messages) rather than stored, so it always follows the
 * current lib/engine/context-curve.ts.
 */
export async function getSession(id: string): Promise<SessionDetail> {
  const { row, session } = await readSession(id);
  return {
    ...toSessionSummary(row),
    meta: { ...session.meta },
    sessionCount: row.sessionCount,
    contextCurve: contextCurve(session),
  };
}

/** The canonical session, as the engine reads it. Throws NotFoundError (`not_found:session`). */
export async function loadSession(id: string): Promise<Session> {
  return (await readSession(id)).session;
}

/** The session's summary row and canonical session, read in one transaction so both describe the same state. */
async function readSession(id: string) {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const row = await tx.session.findUnique({ where: { id }, select: { ...SESSION_SUMMARY_SELECT, meta: true } });
    if (!row) throw new NotFoundError("session", id);
    const messages = await loadMessages(tx, id);
    const session: Session = { title: row.title, format: storedFormat(row.format, id), meta: parseStoredMeta(row.meta, id), messages };
    return { row, session };
  });
}

/**
 * A page of a session's messages by seq: those with seq ≥ `cursor`, at most `limit`. `nextCursor` is the seq to
 * ask for next, or null after the last message; a cursor past the end gives an empty page, not an error.
 */
export async function listMessages(sessionId: string, page: { cursor: number; limit: number }): Promise<MessagePage> {
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
    return { seq: row.seq, tokens: estimateMessageTokens(message), message: { ...message } };
  });
  return { messages, nextCursor: rows.length > page.limit ? rows[page.limit].seq : null, total: session.messageCount };
}

/** Deletes a session with its messages, upload and runs (foreign-key cascade). Throws NotFoundError. */
export async function deleteSession(id: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.session.deleteMany({ where: { id } });
  if (count === 0) throw new NotFoundError("session", id);
}

/**
 * Imports a session again from its stored raw bytes (after an importer fix), with the format, pick and file name
 * it was stored with, and replaces its messages and stats in one transaction. The id stays, so links keep working;
 * runs stored beside it are kept as they are (they describe the session as it was when they ran).
 * Throws NotFoundError for an unknown session, or `not_found:upload` for one that never was a file (the
 * generated demo sessions), and ImportError when the current importer rejects the file (nothing changes then).
 */
export async function reimportSession(id: string): Promise<StoredSession> {
  const prisma = await db();
  const row = await prisma.session.findUnique({
    where: { id },
    select: { format: true, pick: true, sourceName: true, upload: { select: { encoding: true, bytes: true } } },
  });
  if (!row) throw new NotFoundError("session", id);
  if (!row.upload) throw new NotFoundError("upload", id, `Session ${id} was not uploaded from a file, so there is nothing to re-import.`);
  const raw = row.upload.encoding === "gzip" ? await gunzipAsync(row.upload.bytes) : row.upload.bytes;
  const outcome = importTranscript(decodeText(raw), {
    format: storedFormat(row.format, id),
    pick: row.pick,
    sourceName: row.sourceName ?? undefined,
  });
  const updated = await prisma.$transaction(async (tx) => {
    await tx.message.deleteMany({ where: { sessionId: id } });
    await insertMessages(tx, id, outcome.session.messages);
    return tx.session.update({
      where: { id },
      data: { ...sessionColumns(outcome.session), sessionCount: outcome.sessionCount },
      select: SESSION_SUMMARY_SELECT,
    });
  }, TRANSACTION_OPTIONS);
  return { ...toSessionSummary(updated), sessionCount: updated.sessionCount };
}

/** UTF-8 text of an upload (a BOM is dropped; invalid bytes become U+FFFD, and the importer reports where). */
function decodeText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}
