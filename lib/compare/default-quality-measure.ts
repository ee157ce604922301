import type { CompareRow } from "../api/contracts/compare-schemas";

/** The quality figures a comparison can be judged on. */
export type QualityMeasure = "continuationRecall" | "probeRetention";

/**
 * The default quality axis of the Pareto view, the compare table's rank and the recommender: the automatic measure
 * that agrees best with people — whose ranking of the strategies is closest to their ranking by hand-written
 * retention (`npm run quality`: Kendall τ-b over the strategies, per probe set and window, 64K and 128K, extractive
 * summarizer, chars/4; a set where one side ties every strategy has no τ and is left out of the means) — on the sets
 * nobody tuned on as well as on the others.
 *
 * Measured 2026-11-27 over 18 strategies, with the hand-written retention of a final context over the window counted
 * as 0 (the provider refuses that call; before, `none` and every strategy that overshoots scored 100% there, on a
 * context no model would take). Mean τ-b, tuning (5 transcripts) / test (3 transcripts that overflow 64K):
 * continuation recall on one exam per comparison (`continuationRecall`) +0.46 / +0.50 (all +0.49); probe retention
 * +0.63 / +0.02 (all +0.29); continuation recall at each strategy's own cuts (the old figure) +0.37 / −0.11. Probe
 * retention leads on the tuning sets, whose sessions mostly fit the window, and collapses on the held-out ones,
 * because it too gives full marks to a context over the window; the exam counts those calls as refused. So the
 * exam's recall is the default: the only measure that holds on both halves. (Before the refusal rule, over 16
 * strategies, probe retention had led on both: +0.84 / +0.79 against the per-cut recall's +0.66 / +0.60.)
 */
export const DEFAULT_QUALITY_MEASURE: QualityMeasure = "continuationRecall";

/** A row's figure on a measure, with its 95% interval (null bounds: a row stored before intervals). */
export function qualityOfRow(row: CompareRow, measure: QualityMeasure): { figure: number | null; low: number | null; high: number | null } {
  if (measure === "probeRetention") return { figure: row.retention.overall, low: row.retention.low ?? null, high: row.retention.high ?? null };
  const recall = row.continuationRecall;
  return { figure: recall?.overall ?? null, low: recall?.low ?? null, high: recall?.high ?? null };
}
