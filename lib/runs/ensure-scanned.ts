import { scanSession } from "../secrets/scan-session";
import { toSecretFinding } from "../secrets/to-secret-finding";
import type { SessionRecord } from "../store/session-record";
import { loadSession } from "../store/sessions";
import { readSecretFindings, writeSecretFindings } from "../store/session-secrets";

/** Scans a stored session and writes its findings (a session stored before scanning existed, or asked to rescan). */
export async function scanStoredSession(id: string): Promise<SessionRecord> {
  const detected = await scanSession(await loadSession(id));
  return writeSecretFindings(id, detected.map(toSecretFinding));
}

/**
 * Scans a session stored before scanning existed (its `secrets.scanned` is false) and writes its findings, so a
 * share or an external model call is checked against what it holds; a scanned session is left as it is.
 */
export async function ensureScanned(id: string): Promise<void> {
  if ((await readSecretFindings(id)) === null) await scanStoredSession(id);
}
