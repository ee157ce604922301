import { NotFoundError } from "../api/contracts/errors";
import type { Session } from "../engine/model";
import type { Prisma } from "../generated/prisma/client.ts";
import { redactJsonValue, redactText, type Redaction } from "../secrets/redact-text";
import type { SecretFinding } from "../secrets/secret-finding";
import { databaseUrl, db, providerOf } from "./db";
import { insertMessages } from "./session-messages";
import type { SessionRecord } from "./session-record";
import { SESSION_SUMMARY_SELECT, secretColumns, sessionColumns, toSessionRecord } from "./session-row";
import { TRANSACTION_OPTIONS } from "./store-session";
import { uploadColumns } from "./upload-columns";
import { PACKED_RESULT_FORMAT, packRunResult } from "./pack-run-result";
import { unpackRunResult } from "./unpack-run-result";
import type { ReplayResult } from "../engine/simulate/replay-result";

export interface WriteRedactionInput {
  /** the session with its secrets replaced */
  session: Session;
  /** findings a scan of the redacted session still reports */
  remaining: readonly SecretFinding[];
  /** the replacements made, applied to the session's runs too */
  redactions: readonly Redaction[];
  /** how many findings were replaced */
  count: number;
  /** the redacted raw file; null drops the stored one (it could not be cleaned); undefined: the session has none */
  uploadBytes?: Uint8Array | null;
}

/**
 * Stores a redaction in one transaction: the messages and derived columns of the redacted session, the findings
 * left, when it was done and how many it replaced, the raw file redacted (or dropped), and every string of the
 * session's runs — results, compare rows, progress, errors quote the session — with the same replacements, so the
 * secret is nowhere in the database. The runs keep their figures: they were computed on the text before the
 * redaction, which the API and pages say (a run older than `redactedAt`). The stored continuation facts (SessionFacts)
 * are dropped: they are extracted again from the redacted messages when next needed.
 *
 * The search index follows the messages (the migrations' triggers): the secret is no longer found.
 *
 * On SQLite the full-text index is then merged into one segment ('optimize': FTS5 records a delete as a marker
 * beside the old entry, which keeps the secret's token until a merge) and the file rewritten (VACUUM): the pages
 * that held the old rows would otherwise keep the secret on disk until reused. (PostgreSQL keeps old row versions
 * until its vacuum reuses their space.)
 */
export async function writeRedaction(id: string, input: WriteRedactionInput): Promise<SessionRecord> {
  const upload = input.uploadBytes ? await uploadColumns(input.uploadBytes) : input.uploadBytes;
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    const existing = await tx.session.findUnique({ where: { id }, select: { id: true } });
    if (!existing) throw new NotFoundError("session", id);
    await tx.message.deleteMany({ where: { sessionId: id } });
    await tx.sessionFacts.deleteMany({ where: { sessionId: id } });
    await tx.sessionProbes.deleteMany({ where: { sessionId: id } });
    await insertMessages(tx, id, input.session.messages);
    if (upload) await tx.upload.update({ where: { sessionId: id }, data: upload });
    else if (upload === null) await tx.upload.deleteMany({ where: { sessionId: id } });
    if (input.redactions.length > 0) await redactRuns(tx, id, input.redactions);
    return tx.session.update({
      where: { id },
      data: { ...sessionColumns(input.session), ...secretColumns(input.remaining), redactedAt: new Date(), redactedCount: { increment: input.count } },
      select: SESSION_SUMMARY_SELECT,
    });
  }, TRANSACTION_OPTIONS);
  if (providerOf(databaseUrl()) === "sqlite") {
    await prisma.$executeRawUnsafe(`INSERT INTO "MessageSearch" ("MessageSearch") VALUES ('optimize')`);
    await prisma.$executeRawUnsafe("VACUUM");
  }
  return toSessionRecord(row);
}

async function redactRuns(tx: Prisma.TransactionClient, sessionId: string, redactions: readonly Redaction[]): Promise<void> {
  const runs = await tx.run.findMany({ where: { sessionId }, select: { id: true, result: true, row: true, progress: true, error: true } });
  for (const run of runs) {
    await tx.run.update({
      where: { id: run.id },
      data: {
        // redacted unpacked, then packed again: a secret is found whole, not split between a summary and its references
        ...(run.result === null ? {} : { result: redactStoredResult(run.result, redactions) }),
        ...(run.row === null ? {} : { row: redactJsonValue(run.row, redactions) as Prisma.InputJsonValue }),
        ...(run.progress === null ? {} : { progress: redactJsonValue(run.progress, redactions) as Prisma.InputJsonValue }),
        ...(run.error === null ? {} : { error: redactText(run.error, redactions) }),
      },
    });
  }
}

/**
 * A stored run result with the redactions applied. A packed one (packRunResult) is unpacked first and packed again:
 * its summaries' lines are spread over deltas and references, where a secret spanning lines would not be found.
 */
function redactStoredResult(stored: Prisma.JsonValue, redactions: readonly Redaction[]): Prisma.InputJsonValue {
  const isPacked = stored !== null && typeof stored === "object" && !Array.isArray(stored) && stored.storedAs === PACKED_RESULT_FORMAT;
  if (!isPacked) return redactJsonValue(stored, redactions) as Prisma.InputJsonValue;
  const redacted = redactJsonValue(unpackRunResult(stored as Record<string, unknown>), redactions) as unknown as ReplayResult;
  return packRunResult(redacted) as Prisma.InputJsonValue;
}
