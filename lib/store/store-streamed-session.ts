import type { FormatId, Message, SessionMeta } from "../engine/model";
import type { SessionStats } from "../engine/session-stats";
import type { SecretFinding } from "../secrets/secret-finding";
import type { corpusColumns } from "./corpus-columns";
import { db } from "./db";
import { insertMessages } from "./session-messages";
import { insertUpload } from "./insert-upload";
import type { SessionRecord } from "./session-record";
import { SESSION_SUMMARY_SELECT, secretColumns, sessionColumnsOf, toSessionRecord } from "./session-row";
import { TRANSACTION_OPTIONS } from "./store-session";
import type { UploadColumns } from "./upload-columns";

/** The session's own columns, known once its last message is written (added up as the messages passed). */
export interface StreamedSessionColumns {
  title: string;
  meta: SessionMeta;
  stats: SessionStats;
  corpus: ReturnType<typeof corpusColumns>;
  secretFindings: readonly SecretFinding[];
}

export interface StoreStreamedSessionInput {
  format: FormatId;
  sessionCount: number;
  pick: number;
  sourceName?: string;
  /**
   * makes the uploaded file's columns (its gzip), written with the row before the messages; called once, first — the
   * 12 MB gzip of a 100 MB upload is let go once written, so no promise of the caller's keeps it while the messages are
   */
  upload: () => Promise<UploadColumns>;
  /** the messages in order, taken one batch at a time; one that throws (a bad line) stores nothing */
  messages: Iterable<Message>;
  /** after each batch, with how many messages are written (progress; a scan between batches) — may throw to stop */
  onStored?: (count: number) => void | Promise<void>;
  /** after the last message: the session's columns — may throw (no messages) to store nothing */
  finish: (count: number) => Promise<StreamedSessionColumns>;
}

/**
 * {@link storeSession} for a session that is never whole in memory (a streamed upload): the session row is created
 * first, with zero counts and an empty title, its messages written as they come, and the row then given its columns
 * and its upload — all in one transaction, so a failure at any point (a bad line met while the messages are read, a
 * client gone, no messages at all) leaves nothing behind, and no reader ever sees the row before it is complete.
 */
export async function storeStreamedSession(input: StoreStreamedSessionInput): Promise<SessionRecord> {
  const prisma = await db();
  // the file's gzip is written with the row, before the messages: written last, its conversion for the query came on
  // top of everything the messages' writing had left on the heap (+80 MB on a 96 MB upload's peak); once written it is
  // dropped (held by the transaction's closure, it stayed in memory while every message was written: 12 MB)
  let upload: UploadColumns | null = await input.upload();
  const row = await prisma.$transaction(async (tx) => {
    const created = await tx.session.create({
      data: {
        title: "",
        format: input.format,
        sourceName: input.sourceName ?? null,
        pick: input.pick,
        sessionCount: input.sessionCount,
        messageCount: 0,
        toolCallCount: 0,
        toolResultCount: 0,
        recordedCompactionCount: 0,
        estimatedTokens: 0,
        meta: {},
      },
      select: { id: true },
    });
    await insertUpload(tx, { sessionId: created.id, upload: upload! });
    upload = null;
    const count = await insertMessages(tx, created.id, input.messages, input.onStored);
    const columns = await input.finish(count);
    return tx.session.update({
      where: { id: created.id },
      data: {
        ...sessionColumnsOf({ ...columns, format: input.format }),
        ...secretColumns(columns.secretFindings),
      },
      select: SESSION_SUMMARY_SELECT,
    });
  }, TRANSACTION_OPTIONS);
  return toSessionRecord(row);
}
