import type { Prisma } from "../generated/prisma/client.ts";
import { db } from "./db";

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
 * Stores a session's continuation facts under `key`, replacing what it had. A session deleted meanwhile stores
 * nothing (the facts were only ever a cache of its messages): false then, true when written.
 */
export async function writeSessionFacts(sessionId: string, record: { key: string; facts: object }): Promise<boolean> {
  const prisma = await db();
  const facts = record.facts as Prisma.InputJsonValue;
  return prisma.$transaction(async (tx) => {
    const session = await tx.session.findUnique({ where: { id: sessionId }, select: { id: true } });
    if (!session) return false;
    await tx.sessionFacts.upsert({ where: { sessionId }, create: { sessionId, key: record.key, facts }, update: { key: record.key, facts } });
    return true;
  });
}
