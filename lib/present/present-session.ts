import { toCurveColumns, type SessionDetailWire, type SessionList, type SessionSummary } from "../api/contracts/schemas";
import type { CorpusList } from "../api/contracts/corpus-schemas";
import type { CorpusRecord } from "../store/list-corpus";
import type { SessionDetailRecord, SessionRecord } from "../store/session-record";

/**
 * Store records → the wire shapes of lib/api/contracts/schemas.ts, for route handlers and server pages. The store
 * returns Dates and every figure it has; each answer here picks its fields and sends dates as ISO strings.
 */

/** A session as listed (GET /api/sessions): without `sessionCount`, which the list never showed. */
export function presentSessionSummary(record: SessionRecord): SessionSummary {
  return {
    id: record.id,
    title: record.title,
    importedTitle: record.importedTitle,
    format: record.format,
    sourceName: record.sourceName,
    pick: record.pick,
    messageCount: record.messageCount,
    toolCallCount: record.toolCallCount,
    toolResultCount: record.toolResultCount,
    recordedCompactionCount: record.recordedCompactionCount,
    estimatedTokens: record.estimatedTokens,
    recordedPeakContextTokens: record.recordedPeakContextTokens,
    createdAt: record.createdAt.toISOString(),
    model: record.model,
    project: record.project,
    startedAt: record.startedAt?.toISOString() ?? null,
    recordedCostUsd: record.recordedCostUsd,
    secrets: { ...record.secrets, kinds: [...record.secrets.kinds], redactedAt: record.secrets.redactedAt?.toISOString() ?? null },
  };
}

/** GET /api/sessions → `{ sessions }`, in the store's order (newest first). */
export function presentSessionList(records: readonly SessionRecord[]): SessionList {
  return { sessions: records.map(presentSessionSummary) };
}

/** GET /api/sessions with the corpus view's filters → `{ sessions, corpus }`. */
export function presentCorpusList(record: CorpusRecord): CorpusList {
  return { sessions: record.sessions.map(presentSessionSummary), corpus: { totals: { ...record.totals }, allSessions: record.allSessions, facets: record.facets } };
}

/** An upload's or a re-import's answer: the summary, and how many sessions the file holds (`pick` says which). */
export function presentStoredSession(record: SessionRecord): SessionSummary & { sessionCount: number } {
  return { ...presentSessionSummary(record), sessionCount: record.sessionCount };
}

/** GET /api/sessions/:id, its curve in columns. The record may be a cached one shared between requests: nothing here mutates it. */
export function presentSessionDetail(record: SessionDetailRecord): SessionDetailWire {
  return { ...presentSessionSummary(record), meta: { ...record.meta }, sessionCount: record.sessionCount, contextCurve: toCurveColumns(record.contextCurve) };
}
