import type { SessionSummary } from "../api/contracts/schemas";
import type { Session } from "../engine/model";
import { db } from "./db";
import { insertMessages } from "./session-messages";
import { SESSION_SUMMARY_SELECT, sessionColumns, toSessionSummary } from "./session-row";

/** A big session's inserts can outlast Prisma's 5 s default for interactive transactions. */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 120_000 };

/** What an upload or re-import returns: the summary, and how many sessions the file holds (`pick` says which). */
export type StoredSession = SessionSummary & { sessionCount: number };

export interface StoreSessionInput {
  session: Session;
  /** how many sessions the source file holds, and which one this is (0-based) */
  sessionCount: number;
  pick: number;
  sourceName?: string;
  /** the raw file; absent for sessions that never were a file (generated demo sessions), which cannot be re-imported */
  upload?: { encoding: string; size: number; sha256: string; bytes: Uint8Array<ArrayBuffer> };
}

/**
 * Stores an already-canonical session: the session row, its upload and its messages (in batches) in one
 * transaction, so a failure at any point leaves nothing behind. Used by uploads (lib/store/sessions.ts) and by
 * the seed script; it does not import the transcript parsers, so the seed can run without them.
 */
export async function storeSession(input: StoreSessionInput): Promise<StoredSession> {
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.session.create({
      data: {
        ...sessionColumns(input.session),
        sourceName: input.sourceName ?? null,
        pick: input.pick,
        sessionCount: input.sessionCount,
        ...(input.upload ? { upload: { create: input.upload } } : {}),
      },
      select: SESSION_SUMMARY_SELECT,
    });
    await insertMessages(tx, created.id, input.session.messages);
    return created;
  }, TRANSACTION_OPTIONS);
  return { ...toSessionSummary(row), sessionCount: row.sessionCount };
}
