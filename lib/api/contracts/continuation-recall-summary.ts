import { z } from "zod";
import type { ContinuationRecallReport } from "../../engine/evaluate/score-continuation-recall";

/**
 * Continuation recall as runs, compare rows and `lab … --json` carry it (see `scoreContinuationRecall`): the run's
 * figure, its counts by fact kind, and one entry per scored point (a compaction, trim, fallback or prune) with the
 * first facts it lost. The schema reads it back from the database (stored JSON is a trust boundary).
 */
export const ContinuationRecallSummarySchema = z.object({
  /** mean over fact kinds of present / counted over every point; 1 when nothing was ever cut; null when nothing counted */
  overall: z.number().nullable(),
  counted: z.number().int(),
  present: z.number().int(),
  byKind: z.record(z.string(), z.object({ counted: z.number().int(), present: z.number().int() })),
  /** events that cut the context (more than the points when they were sampled) */
  events: z.number().int(),
  points: z.array(
    z.object({
      step: z.union([z.number().int(), z.literal("final")]),
      event: z.string(),
      counted: z.number().int(),
      present: z.number().int(),
      recall: z.number().nullable(),
      lost: z.array(z.string()),
    }),
  ),
});
export type ContinuationRecallSummary = z.infer<typeof ContinuationRecallSummarySchema>;

export function summarizeContinuationRecall(report: ContinuationRecallReport): ContinuationRecallSummary {
  return {
    overall: report.overall,
    counted: report.counted,
    present: report.present,
    byKind: Object.fromEntries(Object.entries(report.byKind).map(([kind, entry]) => [kind, { counted: entry.counted, present: entry.present }])),
    events: report.events,
    points: report.points.map((point) => ({ step: point.step, event: point.event, counted: point.counted, present: point.present, recall: point.recall, lost: [...point.lost] })),
  };
}
