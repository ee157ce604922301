import type { ContinuationRecallReport } from "../../engine/evaluate/score-continuation-recall";
import type { ContinuationRecallSummary } from "./continuation-recall-summary";

/**
 * A continuation-recall report as runs, comparisons and `lab simulate --json` carry it. Apart from the summary's zod
 * schema (continuation-recall-summary.ts), which only reading it back needs: building that schema cost every
 * `lab simulate` ~6 ms of start-up.
 */
export function summarizeContinuationRecall(report: ContinuationRecallReport, extra: { uncompacted?: number | null } = {}): ContinuationRecallSummary {
  const counts = (byKind: ContinuationRecallReport["byKind"]) => Object.fromEntries(Object.entries(byKind).map(([kind, entry]) => [kind, { counted: entry.counted, present: entry.present }]));
  return {
    overall: report.overall,
    low: report.low,
    high: report.high,
    counted: report.counted,
    present: report.present,
    byKind: counts(report.byKind),
    exam: report.exam,
    refused: report.refused,
    ...(extra.uncompacted !== undefined ? { uncompacted: extra.uncompacted } : {}),
    checkpoints: report.checkpoints.map((point) => ({ step: point.step, counted: point.counted, present: point.present, recall: point.recall, refused: point.refused, byKind: counts(point.byKind) })),
    events: report.events,
    points: report.points.map((point) => ({ step: point.step, event: point.event, counted: point.counted, present: point.present, recall: point.recall, lost: [...point.lost] })),
  };
}
