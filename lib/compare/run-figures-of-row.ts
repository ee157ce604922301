import type { CompareRow } from "../api/contracts/compare-schemas";
import type { ReplayResult } from "../engine/simulate/replay-result";
import type { RunFigures } from "../store/runs";

/**
 * The figures a run stores (see `computeRunFigures`), read off a compare row and the comparison's `none`
 * replay instead of replaying `none` once more per configuration. The definitions are the same —
 * `compactions` = applied summaries + trims, peaks over the model calls (the final context without calls),
 * usage and cost null for the extractive summarizer — and run-figures-of-row.test.ts holds them equal.
 */
export function runFiguresOfRow(options: { row: CompareRow; baseline: ReplayResult; model: string | null }): RunFigures {
  const { row, baseline } = options;
  const baselinePeak = baseline.steps.length === 0 ? baseline.final.contextTokens : baseline.steps.reduce((peak, step) => Math.max(peak, step.contextTokens), 0);
  return {
    tokensBefore: baselinePeak,
    tokensAfter: row.peakContextTokens,
    compactions: row.compactions,
    prunes: row.prunes,
    fallbacks: row.fallbacks,
    summarizerFailures: row.summarizerFailures,
    summarizerUsage: options.model === null ? null : { ...row.summarizerTokens },
    estimatedCostUsd: options.model === null ? null : row.estimatedCostUsd,
    continuationRecall: row.continuationRecall ?? null,
    cost: row.cost ?? null,
  };
}
