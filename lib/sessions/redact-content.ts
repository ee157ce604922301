import type { FormatId, Session } from "../engine/model";
import { redactSession } from "../secrets/redact-session";
import { redactionsFor, redactText, type Redaction } from "../secrets/redact-text";
import { scanRawText } from "../secrets/scan-raw-text";
import { scanSession } from "../secrets/scan-session";
import { toSecretFinding } from "../secrets/to-secret-finding";
import type { DetectedSecret, SecretFinding } from "../secrets/secret-finding";
import { importTranscriptBytes } from "../transcripts";

export interface RedactContentInput {
  session: Session;
  /** what a scan of the session found (scanSession) */
  detected: readonly DetectedSecret[];
  /** the raw file the session was imported from, and how: redacted too, and checked by importing it again */
  upload?: { bytes: Uint8Array; format: FormatId; pick: number; sourceName?: string };
}

export interface RedactedContent {
  session: Session;
  /** every replacement made, for the session's runs (their results quote the session) */
  redactions: Redaction[];
  /** findings a scan of the redacted session still reports (none, unless a secret was split oddly) */
  remaining: SecretFinding[];
  /**
   * the redacted raw file; null when it could not be cleaned (a secret in it that cannot be cut out without breaking
   * its JSON, or a redacted file that no longer imports): it is then dropped rather than kept with the secret
   */
  uploadBytes: Uint8Array | null;
}

/**
 * Replaces every detected secret with a placeholder naming its kind (`[REDACTED:GITHUB_TOKEN]`) in the session and in
 * its raw file. The raw file is scanned as well (fields no importer reads can hold a credential), and the result
 * checked: it must still import, and neither it nor the session imported from it may hold a finding. The session
 * is redacted directly (not re-imported), so it stays the session that was stored, secrets aside.
 */
export async function redactContent(input: RedactContentInput): Promise<RedactedContent> {
  let redactions = redactionsFor(input.detected);
  let uploadBytes: Uint8Array | null = null;
  if (input.upload) {
    const text = new TextDecoder().decode(input.upload.bytes);
    // a match inside JSON text can run past the string it sits in (a URL's query soaking up `","`): only the part
    // before a quote is cut, so the file stays JSON
    const inRaw = (await scanRawText(text)).map((finding) => ({ ...finding, secret: finding.secret.split('"')[0].replace(/\\+$/, "") }));
    redactions = redactionsFor([...input.detected, ...inRaw.filter((finding) => finding.secret.length >= 8)]);
    uploadBytes = await cleanUpload({ ...input.upload, text, redactions });
  }
  const session = redactSession(input.session, redactions);
  const remaining = (await scanSession(session)).map(toSecretFinding);
  return { session, redactions, remaining, uploadBytes };
}

async function cleanUpload(input: { text: string; redactions: Redaction[]; format: FormatId; pick: number; sourceName?: string }): Promise<Uint8Array | null> {
  const text = redactText(input.text, input.redactions);
  const bytes = new TextEncoder().encode(text);
  try {
    const outcome = importTranscriptBytes(bytes, { format: input.format, pick: input.pick, sourceName: input.sourceName });
    if ((await scanSession(outcome.session)).length > 0) return null;
  } catch {
    return null; // the redacted file no longer imports as it did: dropped, the session itself is redacted anyway
  }
  if ((await scanRawText(text)).length > 0) return null;
  return bytes;
}
