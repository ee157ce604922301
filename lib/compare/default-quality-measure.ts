import type { CompareRow } from "../api/contracts/compare-schemas";

/** The quality figures a comparison can be judged on. */
export type QualityMeasure = "continuationRecall" | "probeRetention";

/**
 * The quality axis the Pareto view and the recommender use by default. Continuation recall for now: what the rest
 * of the session actually uses, scored on one exam for every setting. Issue #35 item 4 sets it from the agreement
 * of each automatic measure with the hand-written probes (`npm run quality`).
 */
export const DEFAULT_QUALITY_MEASURE: QualityMeasure = "continuationRecall";

/** A row's figure on a measure, with its 95% interval (null bounds: a row stored before intervals). */
export function qualityOfRow(row: CompareRow, measure: QualityMeasure): { figure: number | null; low: number | null; high: number | null } {
  if (measure === "probeRetention") return { figure: row.retention.overall, low: row.retention.low ?? null, high: row.retention.high ?? null };
  const recall = row.continuationRecall;
  return { figure: recall?.overall ?? null, low: recall?.low ?? null, high: recall?.high ?? null };
}
