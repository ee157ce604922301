import type { AggregateRow, CompareRow, IntervalFigure } from "../api/contracts/compare-schemas";
import { bootstrapRecall } from "../engine/evaluate/bootstrap-recall";

/**
 * One configuration over several sessions: the arithmetic mean (not rounded) and the worst case of the headline
 * figures — the highest peak and tokens sent, the least saved, the most compactions, the lowest retention.
 * Continuation recall (`recall`, when the rows were scored on an exam) carries its 95% interval over the sessions.
 * Retention is over the sessions that had probes (a session without any counts for neither mean nor worst; null
 * when none had). `rowsByConfig[i]` holds configuration i's successful rows; a configuration with none is left
 * out (every session failed, so there is nothing to aggregate).
 */
export function aggregateRows(rowsByConfig: readonly (readonly CompareRow[])[]): AggregateRow[] {
  return rowsByConfig.flatMap((rows) => {
    if (rows.length === 0) return [];
    const mean = (pick: (row: CompareRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
    const retention = rows.flatMap((row) => (row.retention.overall === null ? [] : [row.retention.overall]));
    const recall = recallOverSessions(rows);
    return [
      {
        config: rows[0].config,
        strategy: rows[0].strategy,
        sessions: rows.length,
        mean: {
          peakContextTokens: mean((row) => row.peakContextTokens),
          totalTokensSent: mean((row) => row.totalTokensSent),
          tokensSavedVsNone: mean((row) => row.tokensSavedVsNone),
          compactions: mean((row) => row.compactions),
          retention: retention.length ? retention.reduce((sum, score) => sum + score, 0) / retention.length : null,
          ...(recall ? { recall: recall.mean } : {}),
        },
        worst: {
          peakContextTokens: Math.max(...rows.map((row) => row.peakContextTokens)),
          totalTokensSent: Math.max(...rows.map((row) => row.totalTokensSent)),
          tokensSavedVsNone: Math.min(...rows.map((row) => row.tokensSavedVsNone)),
          compactions: Math.max(...rows.map((row) => row.compactions)),
          retention: retention.length ? Math.min(...retention) : null,
          ...(recall ? { recall: recall.worst } : {}),
        },
      },
    ];
  });
}

/**
 * Continuation recall over the sessions that scored it on an exam: the mean and the worst, each with its 95%
 * interval — the mean's resampling the sessions and their checkpoints, the worst's each session's checkpoints.
 * Undefined when no row has an exam (rows stored before it).
 */
function recallOverSessions(rows: readonly CompareRow[]): { mean: IntervalFigure; worst: IntervalFigure } | undefined {
  const scored = rows.flatMap((row) => (row.continuationRecall?.checkpoints && row.continuationRecall.overall !== null ? [row.continuationRecall] : []));
  if (scored.length === 0) return undefined;
  const figures = scored.map((recall) => recall.overall!);
  const sessions = scored.map((recall) => recall.checkpoints!.map((point) => point.byKind));
  return {
    mean: { figure: figures.reduce((sum, value) => sum + value, 0) / figures.length, ...bootstrapRecall({ sessions, combine: "mean" }) },
    worst: { figure: Math.min(...figures), ...bootstrapRecall({ sessions, combine: "worst" }) },
  };
}
