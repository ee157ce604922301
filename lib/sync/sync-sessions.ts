import { createHash } from "node:crypto";
import path from "node:path";
import { redactContent } from "../sessions/redact-content";
import { scanSession } from "../secrets/scan-session";
import { importTranscriptBytes } from "../transcripts";
import type { FoundSession, SyncAgentId } from "./found-session";
import { matchProject } from "./match-project";
import { RemoteLabError } from "./remote-sync-target";
import type { SyncTarget } from "./sync-target";

/** What became of one found session. `held`: it holds credentials and was not sent to a remote lab. */
export type SyncFileOutcome = "imported" | "updated" | "skipped" | "held" | "failed";

export interface SyncedFile {
  path: string;
  agent: SyncAgentId;
  agentSessionId: string;
  project: string;
  outcome: SyncFileOutcome;
  /** the stored session's id (imported, updated, skipped) */
  id?: string;
  /** why it failed or was held back */
  reason?: string;
  /** credentials found in it (only where it was read: a new or changed file; into this lab's database, those it is stored with) */
  credentials?: number;
}

export interface SyncReport {
  target: string;
  dryRun: boolean;
  /** sessions found in the agents' folders, before --include / --exclude */
  found: number;
  /** left out by --include / --exclude */
  excluded: number;
  imported: number;
  updated: number;
  skipped: number;
  held: number;
  failed: number;
  sessions: SyncedFile[];
}

export interface SyncProgress {
  done: number;
  total: number;
  current: FoundSession | null;
  report: SyncReport;
}

export interface SyncSessionsOptions {
  sessions: readonly FoundSession[];
  target: SyncTarget;
  include?: readonly string[];
  exclude?: readonly string[];
  /** read, check and report, store nothing */
  dryRun?: boolean;
  /** redact credentials before a session is stored or sent */
  redact?: boolean;
  /** one line for a file that failed (the CLI names an ImportError's line or JSON path) */
  describeFailure?: (error: unknown, file: string) => string;
  onProgress?: (progress: SyncProgress) => void;
}

/**
 * Stores the new and changed agent sessions in a target, one at a time. An unchanged session (same agent id, same
 * file hash as the target holds) is skipped without being parsed; a changed one updates the stored session. Before a
 * session leaves the machine (a remote target) it is imported and scanned here: one holding credentials is held back
 * unless `redact`, which sends it redacted (the session's hash stays the file's as found, so it is not sent again).
 * One file failing (unreadable, not fitting its format) is reported with its reason and the others go on; a target
 * that cannot be reached at all throws.
 */
export async function syncSessions(options: SyncSessionsOptions): Promise<SyncReport> {
  const include = options.include ?? [];
  const exclude = options.exclude ?? [];
  const chosen = options.sessions.filter((session) => matchProject(session.project, { include, exclude }));
  const report: SyncReport = {
    target: options.target.label,
    dryRun: options.dryRun ?? false,
    found: options.sessions.length,
    excluded: options.sessions.length - chosen.length,
    imported: 0,
    updated: 0,
    skipped: 0,
    held: 0,
    failed: 0,
    sessions: [],
  };
  const stored = new Map((await options.target.lookup(chosen)).map((record) => [keyOf(record), record]));
  const describeFailure = options.describeFailure ?? ((error: unknown) => (error instanceof Error ? error.message : String(error)));
  // two files claiming one agent session (a session file copied to another project) would replace each other's
  // content at every sync: the first is synced, the others fail naming it
  const firstPathByKey = new Map<string, string>();
  for (const [index, session] of chosen.entries()) {
    options.onProgress?.({ done: index, total: chosen.length, current: session, report });
    const first = firstPathByKey.get(keyOf(session));
    if (first === undefined) firstPathByKey.set(keyOf(session), session.path);
    const file =
      first === undefined
        ? await syncOne({ session, existing: stored.get(keyOf(session)), options, describeFailure })
        : { path: session.path, agent: session.agent, agentSessionId: session.agentSessionId, project: session.project, outcome: "failed" as const, reason: `the same ${session.format} session (${session.agentSessionId}) as ${first}: only that one is synced` };
    report[file.outcome] += 1;
    report.sessions.push(file);
  }
  options.onProgress?.({ done: chosen.length, total: chosen.length, current: null, report });
  return report;
}

async function syncOne(input: {
  session: FoundSession;
  existing: { id: string; sourceSha256: string | null } | undefined;
  options: SyncSessionsOptions;
  describeFailure: (error: unknown, file: string) => string;
}): Promise<SyncedFile> {
  const { session, existing, options } = input;
  const base = { path: session.path, agent: session.agent, agentSessionId: session.agentSessionId, project: session.project };
  try {
    const found = await session.read();
    const sourceSha256 = createHash("sha256").update(found).digest("hex");
    if (existing && existing.sourceSha256 === sourceSha256) return { ...base, outcome: "skipped", id: existing.id };
    const newOutcome = existing ? "updated" : "imported";
    let bytes = found;
    let credentials: number | undefined;
    let redactedCount: number | undefined;
    if (options.target.remote || options.dryRun) {
      // checked here, before anything leaves the machine (and so a dry run reports what would fail or be held)
      const outcome = importTranscriptBytes(found, { format: session.format, sourceName: path.basename(session.path) });
      const detected = await scanSession(outcome.session);
      credentials = detected.length;
      if (detected.length > 0 && options.target.remote) {
        const kinds = [...new Set(detected.map((finding) => finding.kind))].sort().join(", ");
        if (!options.redact) {
          return { ...base, outcome: "held", credentials, reason: `holds ${detected.length} credential${detected.length === 1 ? "" : "s"} (${kinds}): not sent to ${options.target.label}; pass --redact to send it with each replaced by [REDACTED:<kind>]` };
        }
        const redacted = await redactContent({ session: outcome.session, detected, upload: { bytes: found, format: outcome.format, pick: outcome.pick, sourceName: path.basename(session.path) } });
        if (!redacted.uploadBytes) {
          return { ...base, outcome: "held", credentials, reason: `holds ${detected.length} credential${detected.length === 1 ? "" : "s"} (${kinds}) that could not be cut out of the file without breaking it: not sent` };
        }
        bytes = redacted.uploadBytes;
        redactedCount = detected.length;
      }
    }
    if (options.dryRun) return { ...base, outcome: newOutcome, ...(existing ? { id: existing.id } : {}), ...(credentials ? { credentials } : {}) };
    const result = await options.target.store({
      bytes,
      format: session.format,
      agentSessionId: session.agentSessionId,
      sourceSha256,
      sourceName: path.basename(session.path),
      redact: options.redact ?? false,
      ...(redactedCount ? { redactedCount } : {}),
    });
    const counted = credentials ?? result.credentials;
    return { ...base, outcome: result.outcome === "unchanged" ? "skipped" : result.outcome, id: result.id, ...(counted ? { credentials: counted } : {}) };
  } catch (error) {
    if (error instanceof RemoteLabError && stopsTheSync(error.status)) throw error;
    return { ...base, outcome: "failed", reason: input.describeFailure(error, session.path) };
  }
}

/** The lab cannot be reached, refuses the token, or does not serve this address: no other file would fare better. */
function stopsTheSync(status: number | null): boolean {
  return status === null || status === 401 || status === 403 || status === 421;
}

function keyOf(key: { format: string; agentSessionId: string }): string {
  return `${key.format}\u0000${key.agentSessionId}`;
}
