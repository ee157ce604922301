import { scanSession } from "../secrets/scan-session";
import { toSecretFinding } from "../secrets/to-secret-finding";
import { readSessionUpload } from "../store/read-session-upload";
import { replaceSessionContent } from "../store/replace-session-content";
import type { SessionRecord } from "../store/session-record";
import { importTranscriptBytes } from "../transcripts";

/**
 * Imports a session again from its stored raw file (after an importer fix), with the format, pick and file name it
 * was stored with, scans it for credentials again, and replaces its messages, stats and findings in one
 * transaction. The id stays, so links keep working; runs stored beside it are kept as they are (they describe the
 * session as it was when they ran).
 * Throws NotFoundError for an unknown session, or `not_found:upload` for one that never was a file, and
 * ImportError when the current importer rejects the file (nothing changes then: the import runs before the write).
 */
export async function reimportUpload(id: string): Promise<SessionRecord> {
  const upload = await readSessionUpload(id);
  const outcome = importTranscriptBytes(upload.bytes, { format: upload.format, pick: upload.pick, sourceName: upload.sourceName ?? undefined });
  const secretFindings = (await scanSession(outcome.session)).map(toSecretFinding);
  return replaceSessionContent(id, { session: outcome.session, sessionCount: outcome.sessionCount, secretFindings });
}
