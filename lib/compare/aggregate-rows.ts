import type { AggregateRow, CompareRow } from "../api/contracts/compare-schemas";

/**
 * One configuration over several sessions: the arithmetic mean (not rounded) and the worst case of the headline
 * figures — the highest peak and tokens sent, the least saved, the most compactions, the lowest retention.
 * Retention is over the sessions that had probes (a session without any counts for neither mean nor worst; null
 * when none had). `rowsByConfig[i]` holds configuration i's successful rows; a configuration with none is left
 * out (every session failed, so there is nothing to aggregate).
 */
export function aggregateRows(rowsByConfig: readonly (readonly CompareRow[])[]): AggregateRow[] {
  return rowsByConfig.flatMap((rows) => {
    if (rows.length === 0) return [];
    const mean = (pick: (row: CompareRow) => number) => rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
    const retention = rows.flatMap((row) => (row.retention.overall === null ? [] : [row.retention.overall]));
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
        },
        worst: {
          peakContextTokens: Math.max(...rows.map((row) => row.peakContextTokens)),
          totalTokensSent: Math.max(...rows.map((row) => row.totalTokensSent)),
          tokensSavedVsNone: Math.min(...rows.map((row) => row.tokensSavedVsNone)),
          compactions: Math.max(...rows.map((row) => row.compactions)),
          retention: retention.length ? Math.min(...retention) : null,
        },
      },
    ];
  });
}
