import type { RunDetail, RunSummary } from "../api/contracts/run-schemas";
import type { RunDetailRecord, RunRecord } from "../store/run-record";

/**
 * Store run records → the wire shapes of lib/api/contracts/run-schemas.ts (run history, run detail, the `run` of a
 * stream's `done` / `error` line): dates as ISO strings, fields in the order the API has always sent them.
 */
export function presentRunSummary(record: RunRecord): RunSummary {
  return {
    id: record.id,
    sessionId: record.sessionId,
    comparisonId: record.comparisonId,
    strategyId: record.strategyId,
    settings: record.settings,
    options: record.options,
    status: record.status,
    error: record.error,
    tokensBefore: record.tokensBefore,
    tokensAfter: record.tokensAfter,
    compactions: record.compactions,
    prunes: record.prunes,
    fallbacks: record.fallbacks,
    summarizerFailures: record.summarizerFailures,
    summarizerUsage: record.summarizerUsage,
    estimatedCostUsd: record.estimatedCostUsd,
    continuationRecall: record.continuationRecall,
    cost: record.cost,
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/runs/:id (and its timeline, with the result slimmed by the caller): the summary, result and session. */
export function presentRunDetail(record: RunDetailRecord): RunDetail {
  return { ...presentRunSummary(record), result: record.result, session: record.session };
}
