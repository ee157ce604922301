import { NotFoundError } from "../api/contracts/errors";
import type { FormatId } from "../engine/model";
import { db } from "./db";
import { storedFormat } from "./session-row";
import { uploadBytes } from "./upload-columns";

/** A session's stored raw file and what it was imported with: everything a re-import needs. */
export interface SessionUpload {
  format: FormatId;
  pick: number;
  sourceName: string | null;
  /** the file exactly as it was uploaded (decompressed) */
  bytes: Uint8Array;
}

/**
 * The raw file a session was uploaded from, with its format, pick and file name. Throws NotFoundError
 * (`not_found:session`), or `not_found:upload` for a session that never was a file (a demo session stored without
 * one): there is nothing to re-import then.
 */
export async function readSessionUpload(id: string): Promise<SessionUpload> {
  const prisma = await db();
  const row = await prisma.session.findUnique({
    where: { id },
    select: { format: true, pick: true, sourceName: true, upload: { select: { encoding: true, bytes: true } } },
  });
  if (!row) throw new NotFoundError("session", id);
  if (!row.upload) throw new NotFoundError("upload", id, `Session ${id} was not uploaded from a file, so there is nothing to re-import.`);
  return { format: storedFormat(row.format, id), pick: row.pick, sourceName: row.sourceName, bytes: await uploadBytes(row.upload) };
}
