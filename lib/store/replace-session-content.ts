import type { Session } from "../engine/model";
import { db } from "./db";
import { insertMessages } from "./session-messages";
import type { SessionRecord } from "./session-record";
import type { SecretFinding } from "../secrets/secret-finding";
import { SESSION_SUMMARY_SELECT, secretColumns, sessionColumns, toSessionRecord } from "./session-row";
import { TRANSACTION_OPTIONS, type SyncedColumns } from "./store-session";
import type { UploadColumns } from "./upload-columns";

export interface ReplaceSessionContentInput {
  session: Session;
  sessionCount: number;
  /** the new content's findings (a re-import scans again); absent: the findings columns stay as they are */
  secretFindings?: readonly SecretFinding[];
  /**
   * a new raw file for the session (`lab sync` of a grown agent file): it replaces the stored upload. `null` removes
   * the stored one (the new file held a secret that could not be cut out of it); absent: the upload stays
   */
  upload?: Promise<UploadColumns> | null;
  /** the new file's sync key and hash (`lab sync`) */
  synced?: SyncedColumns;
  /** the new content was redacted before it was stored: when, and how many findings */
  redacted?: { at: Date; count: number };
}

/**
 * Replaces a stored session's messages and derived columns (title, stats, meta, sessionCount) with an
 * already-canonical session, in one transaction: readers see the old content or the new, never a mix. The id, the
 * pick, the user's own title and the runs stay as they are (runs describe the session as it was when they ran); the
 * upload stays unless a new one is given. The secret findings are the new content's (a re-import scans again); without
 * them the findings columns stay as they are. The session's stored continuation facts (SessionFacts) go with the old
 * messages.
 */
export async function replaceSessionContent(id: string, content: ReplaceSessionContentInput): Promise<SessionRecord> {
  const upload = content.upload ? await content.upload : content.upload;
  const prisma = await db();
  const updated = await prisma.$transaction(async (tx) => {
    await tx.message.deleteMany({ where: { sessionId: id } });
    await tx.sessionFacts.deleteMany({ where: { sessionId: id } });
    await tx.sessionProbes.deleteMany({ where: { sessionId: id } });
    await insertMessages(tx, id, content.session.messages);
    if (upload !== undefined) await tx.upload.deleteMany({ where: { sessionId: id } });
    if (upload) await tx.upload.create({ data: { sessionId: id, ...upload } });
    return tx.session.update({
      where: { id },
      data: {
        ...sessionColumns(content.session),
        sessionCount: content.sessionCount,
        ...(content.secretFindings ? secretColumns(content.secretFindings) : {}),
        ...(content.synced ? { agentSessionId: content.synced.agentSessionId, sourceSha256: content.synced.sourceSha256 } : {}),
        ...(content.redacted ? { redactedAt: content.redacted.at, redactedCount: content.redacted.count } : {}),
      },
      select: SESSION_SUMMARY_SELECT,
    });
  }, TRANSACTION_OPTIONS);
  return toSessionRecord(updated);
}
