import { FORMAT_IDS, type FormatId, type Session, type SessionMeta } from "../engine/model";
import { sessionStats, type SessionStats } from "../engine/session-stats";
import type { Prisma } from "../generated/prisma/client.ts";
import type { SecretFinding } from "../secrets/secret-finding";
import type { SessionRecord, SessionSecretsRecord } from "./session-record";
import { corpusColumns } from "./corpus-columns";
import { parseStoredKinds } from "./stored-secret-findings";

/** The Session columns a summary needs (everything but `meta`, which can be large). */
export const SESSION_SUMMARY_SELECT = {
  id: true,
  title: true,
  customTitle: true,
  format: true,
  sourceName: true,
  pick: true,
  sessionCount: true,
  messageCount: true,
  toolCallCount: true,
  toolResultCount: true,
  recordedCompactionCount: true,
  estimatedTokens: true,
  recordedPeakContextTokens: true,
  createdAt: true,
  secretCount: true,
  secretKinds: true,
  redactedAt: true,
  redactedCount: true,
  model: true,
  project: true,
  startedAt: true,
  recordedCostUsd: true,
} satisfies Prisma.SessionSelect;

export type SessionSummaryRow = Prisma.SessionGetPayload<{ select: typeof SESSION_SUMMARY_SELECT }>;

/** A row as a plain SessionRecord (never the Prisma row itself), its format checked. */
export function toSessionRecord(row: SessionSummaryRow): SessionRecord {
  return {
    id: row.id,
    title: row.customTitle ?? row.title,
    importedTitle: row.title,
    format: storedFormat(row.format, row.id),
    sourceName: row.sourceName,
    pick: row.pick,
    sessionCount: row.sessionCount,
    messageCount: row.messageCount,
    toolCallCount: row.toolCallCount,
    toolResultCount: row.toolResultCount,
    recordedCompactionCount: row.recordedCompactionCount,
    estimatedTokens: row.estimatedTokens,
    recordedPeakContextTokens: row.recordedPeakContextTokens,
    createdAt: row.createdAt,
    model: row.model,
    project: row.project,
    startedAt: row.startedAt,
    recordedCostUsd: row.recordedCostUsd,
    secrets: secretsOf(row),
  };
}

/** The secrets columns of a row: `scanned` false for a session stored before scanning existed (no kinds written). */
function secretsOf(row: SessionSummaryRow): SessionSecretsRecord {
  return {
    scanned: row.secretKinds !== null,
    count: row.secretCount,
    kinds: row.secretKinds === null ? [] : parseStoredKinds(row.secretKinds, row.id),
    redactedAt: row.redactedAt,
    redactedCount: row.redactedCount,
  };
}

/** The columns that hold a session's unredacted findings (written with every import, re-import and redaction). */
export function secretColumns(findings: readonly SecretFinding[]) {
  return {
    secretFindings: findings as unknown as Prisma.InputJsonValue,
    secretCount: findings.length,
    secretKinds: [...new Set(findings.map((finding) => finding.kind))].sort() as Prisma.InputJsonValue,
  };
}

/** The columns derived from a canonical session (title, format, stats, meta, the corpus view's), for create, re-import and redaction alike. */
export function sessionColumns(session: Session) {
  return sessionColumnsOf({ title: session.title, format: session.format, meta: session.meta, stats: sessionStats(session), corpus: corpusColumns(session) });
}

/** {@link sessionColumns} from facts added up elsewhere (a session streamed to the store never is whole in memory). */
export function sessionColumnsOf(input: { title: string; format: FormatId; meta: SessionMeta; stats: SessionStats; corpus: ReturnType<typeof corpusColumns> }) {
  const { stats } = input;
  return {
    title: input.title,
    format: input.format,
    messageCount: stats.messages,
    toolCallCount: stats.toolCalls,
    toolResultCount: stats.toolResults,
    recordedCompactionCount: stats.recordedCompactions,
    estimatedTokens: stats.estimatedTokens,
    recordedPeakContextTokens: stats.recordedPeakContextTokens,
    meta: input.meta as Prisma.InputJsonValue,
    ...input.corpus,
  };
}

/** A stored format id; an unknown one is a corrupted row (a plain Error → 500), not the client's fault. */
export function storedFormat(value: string, sessionId: string): FormatId {
  if ((FORMAT_IDS as readonly string[]).includes(value)) return value as FormatId;
  throw new Error(`Session ${sessionId} has an unknown stored format ${JSON.stringify(value)}.`);
}
