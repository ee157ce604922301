import type { CompareRow } from "../api/contracts/compare-schemas";

/** The quality figures a comparison can be judged on. */
export type QualityMeasure = "continuationRecall" | "probeRetention";

/**
 * The default quality axis of the Pareto view and the recommender, one of the automatic measures every run carries:
 * `continuationRecall` (the facts later messages reuse, held at each cut) or `probeRetention` (the lab's extracted
 * probes held in the final context) — the one that agrees best with people: whose ranking of the strategies is
 * closest to their ranking by hand-written retention (`npm run quality`: Kendall τ-b over the strategies, per
 * probe set and window, 64K and 128K, extractive summarizer, chars/4; the mean leaves out the undefined τ of a set
 * where one side ties every strategy).
 *
 * Measured 2026-11-27 with the scorer's own recognisers of issue #35, first over 16 strategies — tuning sets (5
 * transcripts × 2 windows): probe retention +0.84 (8 defined), continuation recall +0.66 (6 defined); test sets (3
 * transcripts that overflow 64K, 5 sets × 2 windows, never tuned on): +0.79 and +0.60 (10 defined each) — then over
 * 18 (with keeper, and chars/4 counting CJK): tuning +0.80 and +0.63, test +0.77 and +0.58. Chosen on the tuning sets; it holds on the test sets. Part of its lead is where it looks: like the
 * hand-written sets it reads the final context, while continuation recall averages over the cuts.
 */
export const DEFAULT_QUALITY_MEASURE: QualityMeasure = "probeRetention";

/** A row's figure on a measure, with its 95% interval (null bounds: a row stored before intervals). */
export function qualityOfRow(row: CompareRow, measure: QualityMeasure): { figure: number | null; low: number | null; high: number | null } {
  if (measure === "probeRetention") return { figure: row.retention.overall, low: row.retention.low ?? null, high: row.retention.high ?? null };
  const recall = row.continuationRecall;
  return { figure: recall?.overall ?? null, low: recall?.low ?? null, high: recall?.high ?? null };
}
