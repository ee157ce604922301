import { NotFoundError } from "../api/contracts/errors";
import { scanSession } from "../secrets/scan-session";
import { readSessionUpload, type SessionUpload } from "../store/read-session-upload";
import type { SessionRecord } from "../store/session-record";
import { loadSession } from "../store/sessions";
import { writeSecretFindings } from "../store/session-secrets";
import { writeRedaction } from "../store/write-redaction";
import { redactContent } from "./redact-content";

export interface RedactionOutcome {
  session: SessionRecord;
  /** findings this redaction replaced (0: there was nothing to redact) */
  redacted: number;
  /** whether the raw file is kept (redacted), was dropped (it could not be cleaned), or never existed */
  upload: "redacted" | "dropped" | "none";
}

/**
 * Redacts a stored session (the one action behind the page's button, POST /api/sessions/:id/redact and `lab redact`):
 * scans it again, replaces every finding in its messages, title, metadata, raw file and runs with a placeholder
 * naming its kind, and records when. A session without findings is only marked scanned. Throws `not_found:session`.
 */
export async function redactStoredSession(id: string): Promise<RedactionOutcome> {
  const session = await loadSession(id);
  const detected = await scanSession(session);
  if (detected.length === 0) return { session: await writeSecretFindings(id, []), redacted: 0, upload: "none" };
  const upload = await readUploadIfAny(id);
  const content = await redactContent({
    session,
    detected,
    ...(upload ? { upload: { bytes: upload.bytes, format: upload.format, pick: upload.pick, sourceName: upload.sourceName ?? undefined } } : {}),
  });
  const record = await writeRedaction(id, {
    session: content.session,
    remaining: content.remaining,
    redactions: content.redactions,
    count: detected.length,
    ...(upload ? { uploadBytes: content.uploadBytes } : {}),
  });
  return { session: record, redacted: detected.length, upload: !upload ? "none" : content.uploadBytes ? "redacted" : "dropped" };
}

async function readUploadIfAny(id: string): Promise<SessionUpload | null> {
  try {
    return await readSessionUpload(id);
  } catch (error) {
    if (error instanceof NotFoundError && error.code === "not_found:upload") return null;
    throw error;
  }
}
