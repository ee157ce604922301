import { NotFoundError } from "../api/contracts/errors";
import type { SecretFinding } from "../secrets/secret-finding";
import { db } from "./db";
import type { SessionRecord } from "./session-record";
import { SESSION_SUMMARY_SELECT, secretColumns, toSessionRecord } from "./session-row";
import { parseStoredFindings } from "./stored-secret-findings";

/** A session's unredacted findings; null when it was stored before scanning existed. Throws `not_found:session`. */
export async function readSecretFindings(id: string): Promise<SecretFinding[] | null> {
  const prisma = await db();
  const row = await prisma.session.findUnique({ where: { id }, select: { secretFindings: true } });
  if (!row) throw new NotFoundError("session", id);
  return parseStoredFindings(row.secretFindings, id);
}

/** A session's summary record and its unredacted findings (null: never scanned), read together. Throws `not_found:session`. */
export async function readSessionSecrets(id: string): Promise<{ session: SessionRecord; findings: SecretFinding[] | null }> {
  const prisma = await db();
  const row = await prisma.session.findUnique({ where: { id }, select: { ...SESSION_SUMMARY_SELECT, secretFindings: true } });
  if (!row) throw new NotFoundError("session", id);
  return { session: toSessionRecord(row), findings: parseStoredFindings(row.secretFindings, id) };
}

/** Replaces a session's findings (after a scan). Throws `not_found:session`. */
export async function writeSecretFindings(id: string, findings: readonly SecretFinding[]): Promise<SessionRecord> {
  const prisma = await db();
  const exists = await prisma.session.findUnique({ where: { id }, select: { id: true } });
  if (!exists) throw new NotFoundError("session", id);
  const row = await prisma.session.update({ where: { id }, data: secretColumns(findings), select: SESSION_SUMMARY_SELECT });
  return toSessionRecord(row);
}
