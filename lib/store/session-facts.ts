import type { Prisma } from "../generated/prisma/client.ts";
import { db } from "./db";
import { isSessionGone } from "./is-session-gone";

/** A session's stored continuation facts: the key they were stored under and the facts as JSON (unchecked). */
export interface SessionFactsRecord {
  key: string;
  facts: unknown;
}

/** The continuation facts stored with a session, or null (none yet, or the session is gone). */
export async function readSessionFacts(sessionId: string): Promise<SessionFactsRecord | null> {
  const prisma = await db();
  const row = await prisma.sessionFacts.findUnique({ where: { sessionId }, select: { key: true, facts: true } });
  return row ? { key: row.key, facts: row.facts } : null;
}

/**
 * Stores a session's continuation facts under `key`, replacing what it had, in one statement (no interactive
 * transaction held while a large JSON value is written: three concurrent runs of a 24,000-message session timed
 * one out on SQLite). A session deleted meanwhile stores nothing — the row's foreign key refuses it (the facts were
 * only ever a cache of its messages): false then, true when written.
 */
export async function writeSessionFacts(sessionId: string, record: { key: string; facts: object }): Promise<boolean> {
  const prisma = await db();
  const facts = record.facts as Prisma.InputJsonValue;
  try {
    await prisma.sessionFacts.upsert({ where: { sessionId }, create: { sessionId, key: record.key, facts }, update: { key: record.key, facts } });
    return true;
  } catch (error) {
    if (isSessionGone(error)) return false;
    throw error;
  }
}
