import type { Session } from "../engine/model";
import { db } from "./db";
import { insertMessages } from "./session-messages";
import type { SessionRecord } from "./session-record";
import type { SecretFinding } from "../secrets/secret-finding";
import { SESSION_SUMMARY_SELECT, secretColumns, sessionColumns, toSessionRecord } from "./session-row";
import { uploadColumns, type UploadColumns } from "./upload-columns";

/** The columns `lab sync` keys a session by: a second sync of the same agent session updates it (replaceSessionContent). */
export interface SyncedColumns {
  agentSessionId: string;
  sourceSha256: string;
}

/** A big session's inserts can outlast Prisma's 5 s default for interactive transactions. */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 120_000 };

export interface StoreSessionInput {
  session: Session;
  /** how many sessions the source file holds, and which one this is (0-based) */
  sessionCount: number;
  pick: number;
  sourceName?: string;
  /**
   * the uploaded file exactly as received, kept (gzipped, with its size and SHA-256) for re-import — or those
   * columns already being computed ({@link uploadColumns}, which importUpload starts before it imports); absent for
   * sessions that never were a file (a demo the importer rejected), which cannot be re-imported
   */
  upload?: Uint8Array | Promise<UploadColumns>;
  /** the credentials a scan found (lib/secrets/scan-session.ts); absent: never scanned (hand-built sessions) */
  secretFindings?: readonly SecretFinding[];
  /** the session's secrets were redacted before it was stored (LAB_REDACT_ON_UPLOAD): when, and how many */
  redacted?: { at: Date; count: number };
  /** `lab sync`: the agent's own id of the session and the SHA-256 of its file as found (see findSyncedSessions) */
  synced?: SyncedColumns;
  /** told how many messages are written so far, after each batch (progress for a big upload) */
  onStored?: (count: number) => void | Promise<void>;
}

/**
 * Stores an already-canonical session: the session row, its upload and its messages (in batches) in one
 * transaction, so a failure at any point leaves nothing behind. The store never parses a file: uploads are
 * imported first (lib/sessions/import-upload.ts), and hand-built sessions (tests, benches) come here directly.
 */
export async function storeSession(input: StoreSessionInput): Promise<SessionRecord> {
  const upload = input.upload === undefined ? undefined : await (input.upload instanceof Uint8Array ? uploadColumns(input.upload) : input.upload);
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.session.create({
      data: {
        ...sessionColumns(input.session),
        sourceName: input.sourceName ?? null,
        pick: input.pick,
        sessionCount: input.sessionCount,
        ...(input.secretFindings ? secretColumns(input.secretFindings) : {}),
        ...(input.redacted ? { redactedAt: input.redacted.at, redactedCount: input.redacted.count } : {}),
        ...(input.synced ? { agentSessionId: input.synced.agentSessionId, sourceSha256: input.synced.sourceSha256 } : {}),
        ...(upload ? { upload: { create: upload } } : {}),
      },
      select: SESSION_SUMMARY_SELECT,
    });
    await insertMessages(tx, created.id, input.session.messages, input.onStored);
    return created;
  }, TRANSACTION_OPTIONS);
  return toSessionRecord(row);
}
