import type { FormatId } from "../engine/model";
import type { SyncKey, SyncedSessionRecord } from "../store/find-synced-sessions";
import type { SyncUploadOutcome } from "../sessions/sync-upload";

/** One agent session to store, as the target receives it. */
export interface SyncTargetFile {
  /** the bytes to store (redacted already, when the sender redacted them) */
  bytes: Uint8Array;
  format: FormatId;
  agentSessionId: string;
  /** SHA-256 of the agent's file as found, before any redaction */
  sourceSha256: string;
  sourceName: string;
  /** redact the session's credentials before storing it (the local database; a remote lab receives them redacted) */
  redact: boolean;
  /** how many credentials were replaced in `bytes` before they were handed over (sent to a remote lab) */
  redactedCount?: number;
}

/** Where `lab sync` stores sessions: this machine's database, or a team lab over its upload API. */
export interface SyncTarget {
  /** for messages: "the database at DATABASE_URL" or the lab's address */
  label: string;
  /** true when the sessions leave this machine: the credential check holds back any that holds one */
  remote: boolean;
  /** the stored sessions of these agent sessions */
  lookup(keys: readonly SyncKey[]): Promise<SyncedSessionRecord[]>;
  /** stores the file; `credentials`: the findings the stored session holds, when the target says */
  store(file: SyncTargetFile): Promise<{ outcome: SyncUploadOutcome; id: string; credentials?: number }>;
}
