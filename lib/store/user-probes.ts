import { BadRequestError, NotFoundError } from "../api/contracts/errors";
import { compileUserProbePattern } from "../engine/evaluate/compile-user-probe-pattern";
import { db } from "./db";
import type { NewUserProbe, UserProbeRecord } from "./user-probe-record";

export type { NewUserProbe, UserProbeRecord } from "./user-probe-record";

const USER_PROBE_SELECT = { id: true, sessionId: true, kind: true, pattern: true, label: true, createdAt: true } as const;

/** A session's own probes, oldest first (the order they are scored and shown in). Throws `not_found:session`. */
export async function listUserProbes(sessionId: string): Promise<UserProbeRecord[]> {
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { id: true } });
  if (!session) throw new NotFoundError("session", sessionId);
  const rows = await prisma.userProbe.findMany({ where: { sessionId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: USER_PROBE_SELECT });
  return rows.map(toRecord);
}

/**
 * Adds a probe to a session. A regex is compiled first, as the scorer will compile it: one that does not is a
 * BadRequestError (400 `invalid_pattern`, field `pattern`, with the engine's reason) and nothing is stored. An
 * empty label is stored as none. Throws `not_found:session`.
 */
export async function addUserProbe(sessionId: string, input: NewUserProbe): Promise<UserProbeRecord> {
  if (input.kind === "regex") {
    try {
      compileUserProbePattern(input.pattern);
    } catch (error) {
      throw new BadRequestError("invalid_pattern", error instanceof Error ? error.message : String(error), "pattern");
    }
  }
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { id: true } });
  if (!session) throw new NotFoundError("session", sessionId);
  const row = await prisma.userProbe.create({
    data: { sessionId, kind: input.kind, pattern: input.pattern, label: input.label ? input.label : null },
    select: USER_PROBE_SELECT,
  });
  return toRecord(row);
}

/** Deletes one of a session's probes. Throws `not_found:probe` when the session has no probe with that id. */
export async function deleteUserProbe(sessionId: string, probeId: string): Promise<void> {
  const prisma = await db();
  const { count } = await prisma.userProbe.deleteMany({ where: { id: probeId, sessionId } });
  if (count === 0) throw new NotFoundError("probe", probeId, `Session ${JSON.stringify(sessionId)} has no probe with id ${JSON.stringify(probeId)}.`);
}

function toRecord(row: { id: string; sessionId: string; kind: string; pattern: string; label: string | null; createdAt: Date }): UserProbeRecord {
  // kind is written only as "text" | "regex" (addUserProbe's input); anything else is a corrupted row
  if (row.kind !== "text" && row.kind !== "regex") throw new Error(`Stored user probe ${row.id} has an invalid kind ${JSON.stringify(row.kind)}.`);
  return { id: row.id, sessionId: row.sessionId, kind: row.kind, pattern: row.pattern, ...(row.label === null ? {} : { label: row.label }), createdAt: row.createdAt };
}
