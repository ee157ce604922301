import type { Session } from "../engine/model";
import { db } from "./db";
import { insertMessages } from "./session-messages";
import type { SessionRecord } from "./session-record";
import type { SecretFinding } from "../secrets/secret-finding";
import { SESSION_SUMMARY_SELECT, secretColumns, sessionColumns, toSessionRecord } from "./session-row";
import { TRANSACTION_OPTIONS } from "./store-session";

/**
 * Replaces a stored session's messages and derived columns (title, stats, meta, sessionCount) with an
 * already-canonical session, in one transaction: readers see the old content or the new, never a mix. The id, the
 * upload, the pick and the runs stay as they are (runs describe the session as it was when they ran). The secret
 * findings are the new content's (a re-import scans again); without them the findings columns stay as they are.
 * The session's stored continuation facts (SessionFacts) go with the old messages.
 */
export async function replaceSessionContent(id: string, content: { session: Session; sessionCount: number; secretFindings?: readonly SecretFinding[] }): Promise<SessionRecord> {
  const prisma = await db();
  const updated = await prisma.$transaction(async (tx) => {
    await tx.message.deleteMany({ where: { sessionId: id } });
    await tx.sessionFacts.deleteMany({ where: { sessionId: id } });
    await insertMessages(tx, id, content.session.messages);
    return tx.session.update({
      where: { id },
      data: { ...sessionColumns(content.session), sessionCount: content.sessionCount, ...(content.secretFindings ? secretColumns(content.secretFindings) : {}) },
      select: SESSION_SUMMARY_SELECT,
    });
  }, TRANSACTION_OPTIONS);
  return toSessionRecord(updated);
}
