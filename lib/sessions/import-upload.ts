import { ConflictError } from "../api/contracts/errors";
import { contextCurve } from "../engine/context-curve";
import type { FormatId } from "../engine/model";
import { rememberSessionDetail } from "../runs/session-detail-cache";
import { findDuplicateUpload } from "../store/find-duplicate-upload";
import type { SessionRecord } from "../store/session-record";
import { storeSession } from "../store/store-session";
import { sha256Of } from "../store/upload-columns";
import { prepareUpload, type UploadSource } from "./prepare-upload";
import { redactOnUpload } from "./redact-on-upload";
import { streamUpload } from "./stream-upload";
import type { UploadStage } from "../api/contracts/upload-stage-schemas";

/**
 * The uploaded file, exactly as received — its bytes, or a file on disk (spoolUpload) with its size and SHA-256 — and
 * how to import it; the store keeps the file (gzipped) for re-import.
 */
export type ImportUploadInput = UploadSource & ImportUploadOptions;

interface ImportUploadOptions {
  format?: FormatId;
  /** which session of a multi-session file; default 0 */
  pick?: number;
  /** the uploaded file's name */
  sourceName?: string;
  /** a file the lab already holds (same bytes, same pick) is refused with a ConflictError naming its session */
  refuseDuplicate?: boolean;
  /** the request's: a client that went away (a closed tab, a cancelled upload) stores nothing */
  signal?: AbortSignal;
  /** told what the import is doing (for a streamed answer); awaited, so a stream can send the line before a long step */
  onStage?: (stage: UploadStage) => void | Promise<void>;
}

/**
 * Imports an uploaded transcript and stores it. Multi-session files (a list of trajectories, a JSONL of
 * instances) store ONE session, the one `pick` chooses (default 0): sessions of one file are unrelated runs, and
 * storing all of them would turn one upload of a 500-instance benchmark file into 500 list entries. The result's
 * `sessionCount` tells the client how many there are, so it can upload again with another `pick`.
 *
 * The import runs before anything is written and throws ImportError for a file that does not fit; the session is
 * then scanned for credentials (lib/secrets) — and, with LAB_REDACT_ON_UPLOAD, redacted with its raw file before
 * anything is stored; the session, its messages, its findings and the raw upload are then written in one
 * transaction (storeSession), so a failure leaves nothing behind. Parsing lives here, not in lib/store: the store
 * only writes canonical sessions. The session's detail (its context curve) is built from the parsed session while
 * it is in memory, for the first visit.
 *
 * A file on disk (POST /api/sessions) in Claude Code's JSONL is streamed instead (streamUpload): refused on the
 * first pass over it before anything is written, then its messages built and written batch by batch in one
 * transaction, with the same session, findings and detail — so a 100 MB upload never holds its session.
 */
export async function importUpload(input: ImportUploadInput): Promise<SessionRecord> {
  const sha256 = input.file ? input.file.sha256 : sha256Of(input.bytes);
  if (input.refuseDuplicate) {
    const existing = await findDuplicateUpload({ sha256, pick: input.pick ?? 0, format: input.format });
    if (existing) {
      throw new ConflictError("duplicate_upload", `This file is already in the lab as "${existing.title}" (imported ${existing.createdAt.toISOString().slice(0, 10)}). Open that session, or import the file again as a second copy.`, {
        id: existing.id,
        title: existing.title,
      });
    }
  }
  // a file on disk in a format read in two passes is stored as it is read, unless its credentials are to be cut out
  // first (redaction needs the whole session): its session is never whole in memory
  if (input.file && !redactOnUpload()) {
    const streamed = await streamUpload({ ...input, file: input.file });
    if (streamed !== null) {
      await rememberSessionDetail({ ...streamed.stored, meta: streamed.meta, contextCurve: streamed.contextCurve });
      return streamed.stored;
    }
  }
  const { outcome, session, secretFindings, upload, redacted } = await prepareUpload({ ...input, sha256 });
  const total = session.messages.length;
  await input.onStage?.({ stage: "storing", messages: total, stored: 0 });
  const stored = await storeSession({
    session,
    sessionCount: outcome.sessionCount,
    pick: outcome.pick,
    sourceName: input.sourceName,
    upload,
    secretFindings,
    redacted,
    onStored: input.onStage ? (count) => input.onStage?.({ stage: "storing", messages: total, stored: count }) : undefined,
  });
  await rememberSessionDetail({ ...stored, meta: session.meta, contextCurve: contextCurve(session) });
  return stored;
}
