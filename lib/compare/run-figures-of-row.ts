import type { CompareRow } from "../api/contracts/compare-schemas";
import type { ReplayResult } from "../engine/simulate/replay-result";
import type { RunFigures } from "../store/runs";
import { peakContextTokens } from "../engine/simulate/peak-context-tokens";

/**
 * The figures a run stores (see `computeRunFigures`), read off a compare row and the comparison's `none`
 * replay instead of replaying `none` once more per configuration. The definitions are the same —
 * `compactions` = applied summaries + trims, peaks by `peakContextTokens` (model calls and the final context),
 * usage and cost null for the extractive summarizer — and run-figures-of-row.test.ts holds them equal.
 */
export function runFiguresOfRow(options: { row: CompareRow; baseline: ReplayResult; model: string | null }): RunFigures {
  const { row, baseline } = options;
  return {
    tokensBefore: peakContextTokens(baseline),
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
