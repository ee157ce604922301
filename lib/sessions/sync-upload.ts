import { contextCurve } from "../engine/context-curve";
import type { FormatId } from "../engine/model";
import { rememberSessionDetail } from "../runs/session-detail-cache";
import { findSyncedSessions } from "../store/find-synced-sessions";
import { replaceSessionContent } from "../store/replace-session-content";
import type { SessionRecord } from "../store/session-record";
import { storeSession } from "../store/store-session";
import { sha256Of } from "../store/upload-columns";
import { prepareUpload } from "./prepare-upload";

export interface SyncUploadInput {
  /** the file to store, as it will be kept (already redacted by the sender when it redacted it) */
  bytes: Uint8Array;
  format: FormatId;
  /** the agent's own id of the session (see lib/sync/agent-session-id.ts) */
  agentSessionId: string;
  /** SHA-256 of the agent's file as found, before any redaction; default: the hash of `bytes` */
  sourceSha256?: string;
  sourceName?: string;
  /** redact every credential found before it is stored */
  redact?: boolean;
  /** the sender replaced this many credentials before sending (`lab sync --to … --redact`): recorded as a redaction */
  redactedBySender?: number;
  signal?: AbortSignal;
}

/** What a sync did with one agent session. */
export type SyncUploadOutcome = "imported" | "updated" | "unchanged";

/**
 * Stores one agent session found by `lab sync` (or sent by a hook), keyed by its format and the agent's own id:
 * a new one is stored; one the lab holds with the same file hash is left as it is ("unchanged", nothing parsed);
 * one whose file changed (a session that went on) has its messages, figures, findings and raw file replaced in one
 * transaction ("updated": same id, so links, runs and the user's title stay). Two syncs racing to store the same new
 * session meet the unique (format, agentSessionId) index: the loser updates the winner's row instead of failing.
 * Throws ImportError, before anything is written, for a file that does not fit its format.
 */
export async function syncUpload(input: SyncUploadInput): Promise<{ outcome: SyncUploadOutcome; session: SessionRecord | null; id: string }> {
  const sourceSha256 = input.sourceSha256 ?? sha256Of(input.bytes);
  const key = { format: input.format, agentSessionId: input.agentSessionId };
  const [existing] = await findSyncedSessions([key]);
  if (existing && existing.sourceSha256 === sourceSha256) return { outcome: "unchanged", session: null, id: existing.id };
  const prepared = await prepareUpload({ bytes: input.bytes, format: input.format, sourceName: input.sourceName, redact: input.redact, signal: input.signal });
  const synced = { agentSessionId: input.agentSessionId, sourceSha256 };
  const redacted = prepared.redacted ?? (input.redactedBySender ? { at: new Date(), count: input.redactedBySender } : undefined);
  const replace = (id: string) =>
    replaceSessionContent(id, {
      session: prepared.session,
      sessionCount: prepared.outcome.sessionCount,
      secretFindings: prepared.secretFindings,
      upload: prepared.upload ?? null,
      synced,
      redacted,
    });
  let stored: SessionRecord;
  let outcome: SyncUploadOutcome;
  if (existing) {
    stored = await replace(existing.id);
    outcome = "updated";
  } else {
    try {
      stored = await storeSession({
        session: prepared.session,
        sessionCount: prepared.outcome.sessionCount,
        pick: prepared.outcome.pick,
        sourceName: input.sourceName,
        upload: prepared.upload,
        secretFindings: prepared.secretFindings,
        redacted,
        synced,
      });
      outcome = "imported";
    } catch (error) {
      if ((error as { code?: unknown }).code !== "P2002") throw error;
      const [winner] = await findSyncedSessions([key]);
      if (!winner) throw error;
      stored = await replace(winner.id);
      outcome = "updated";
    }
  }
  await rememberSessionDetail({ ...stored, meta: prepared.session.meta, contextCurve: contextCurve(prepared.session) });
  return { outcome, session: stored, id: stored.id };
}
