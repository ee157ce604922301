import { db } from "./db";
import type { SessionRecord } from "./session-record";
import { SESSION_SUMMARY_SELECT, toSessionRecord } from "./session-row";

/**
 * The session already stored from the same file (its raw bytes' SHA-256) and the same pick of it — read as the same
 * format, when the upload forces one — if any: the oldest, when several were imported on purpose. Null when the file
 * is new to the lab (or is being read another way).
 */
export async function findDuplicateUpload(options: { sha256: string; pick: number; format?: string }): Promise<SessionRecord | null> {
  const prisma = await db();
  const row = await prisma.session.findFirst({
    where: { pick: options.pick, ...(options.format ? { format: options.format } : {}), upload: { is: { sha256: options.sha256 } } },
    orderBy: { createdAt: "asc" },
    select: SESSION_SUMMARY_SELECT,
  });
  return row ? toSessionRecord(row) : null;
}
