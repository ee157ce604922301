import { readSessionUpload } from "../store/read-session-upload";
import { replaceSessionContent } from "../store/replace-session-content";
import type { SessionRecord } from "../store/session-record";
import { importTranscriptBytes } from "../transcripts";

/**
 * Imports a session again from its stored raw file (after an importer fix), with the format, pick and file name it
 * was stored with, and replaces its messages and stats in one transaction. The id stays, so links keep working;
 * runs stored beside it are kept as they are (they describe the session as it was when they ran).
 * Throws NotFoundError for an unknown session, or `not_found:upload` for one that never was a file, and
 * ImportError when the current importer rejects the file (nothing changes then: the import runs before the write).
 */
export async function reimportUpload(id: string): Promise<SessionRecord> {
  const upload = await readSessionUpload(id);
  const outcome = importTranscriptBytes(upload.bytes, { format: upload.format, pick: upload.pick, sourceName: upload.sourceName ?? undefined });
  return replaceSessionContent(id, { session: outcome.session, sessionCount: outcome.sessionCount });
}
