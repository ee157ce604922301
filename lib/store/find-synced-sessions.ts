import type { FormatId } from "../engine/model";
import { db } from "./db";
import { storedFormat } from "./session-row";

/** Which agent session a synced session is: its format and the agent's own id of it. */
export interface SyncKey {
  format: FormatId;
  agentSessionId: string;
}

/** A session `lab sync` stored: its id, its key, and the SHA-256 of the agent's file it was last synced from. */
export interface SyncedSessionRecord extends SyncKey {
  id: string;
  /** null for a session whose key was set without a hash (never, today; kept nullable for old rows) */
  sourceSha256: string | null;
}

/** At most this many keys per query: SQLite binds at most 32,766 variables, PostgreSQL 65,535. */
const KEYS_PER_QUERY = 500;

/**
 * The stored sessions of these agent sessions (those the lab holds; the others are simply absent), for `lab sync` to
 * skip the unchanged ones and update the grown ones. Keys are looked up in batches, in one read each.
 */
export async function findSyncedSessions(keys: readonly SyncKey[]): Promise<SyncedSessionRecord[]> {
  const prisma = await db();
  const found: SyncedSessionRecord[] = [];
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const batch = keys.slice(start, start + KEYS_PER_QUERY);
    const rows = await prisma.session.findMany({
      where: { OR: batch.map((key) => ({ format: key.format, agentSessionId: key.agentSessionId })) },
      select: { id: true, format: true, agentSessionId: true, sourceSha256: true },
    });
    for (const row of rows) {
      if (row.agentSessionId !== null) found.push({ id: row.id, format: storedFormat(row.format, row.id), agentSessionId: row.agentSessionId, sourceSha256: row.sourceSha256 });
    }
  }
  return found;
}
