import { db } from "./db";
import type { SessionRecord } from "./session-record";
import { SESSION_SUMMARY_SELECT, toSessionRecord } from "./session-row";

/**
 * The session already stored from the same file (its raw bytes' SHA-256) and the same pick of it, if any: the
 * oldest, when several were imported on purpose. Null when the file is new to the lab.
 */
export async function findDuplicateUpload(options: { sha256: string; pick: number }): Promise<SessionRecord | null> {
  const prisma = await db();
  const row = await prisma.session.findFirst({
    where: { pick: options.pick, upload: { is: { sha256: options.sha256 } } },
    orderBy: { createdAt: "asc" },
    select: SESSION_SUMMARY_SELECT,
  });
  return row ? toSessionRecord(row) : null;
}
