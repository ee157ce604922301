import type { Prisma } from "../generated/prisma/client.ts";
import { db } from "./db";
import { isSessionGone } from "./is-session-gone";

/** A session's stored probes: the key they were stored under and the probes as JSON (unchecked). */
export interface SessionProbesRecord {
  key: string;
  probes: unknown;
}

/** The probes stored with a session, or null (none yet, or the session is gone). */
export async function readSessionProbes(sessionId: string): Promise<SessionProbesRecord | null> {
  const prisma = await db();
  const row = await prisma.sessionProbes.findUnique({ where: { sessionId }, select: { key: true, probes: true } });
  return row ? { key: row.key, probes: row.probes } : null;
}

/**
 * Stores a session's probes under `key`, replacing what it had, in one statement. A session deleted meanwhile
 * stores nothing (the row's foreign key refuses it): false then, true when written.
 */
export async function writeSessionProbes(sessionId: string, record: { key: string; probes: readonly object[] }): Promise<boolean> {
  const prisma = await db();
  const probes = record.probes as Prisma.InputJsonValue;
  try {
    await prisma.sessionProbes.upsert({ where: { sessionId }, create: { sessionId, key: record.key, probes }, update: { key: record.key, probes } });
    return true;
  } catch (error) {
    if (isSessionGone(error)) return false;
    throw error;
  }
}
