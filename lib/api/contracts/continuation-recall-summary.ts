import { z } from "zod";
import type { ContinuationRecallReport } from "../../engine/evaluate/score-continuation-recall";

const KindCountsSchema = z.record(z.string(), z.object({ counted: z.number().int(), present: z.number().int() }));

/**
 * Continuation recall as runs, compare rows and `lab … --json` carry it (see `scoreContinuationRecall`): the run's
 * figure on the comparison's exam with its 95% interval, its counts by fact kind, one entry per checkpoint of the
 * exam, and the per-cut view (`points`: one per compaction, trim, fallback or prune, with the first facts it lost).
 * The exam fields are absent in rows stored before the exam existed (their figure is the per-cut one). The schema
 * reads it back from the database (stored JSON is a trust boundary).
 */
export const ContinuationRecallSummarySchema = z.object({
  /** over the exam's checkpoints: mean over fact kinds of present / counted; null when nothing counted */
  overall: z.number().nullable(),
  /** 95% bootstrap interval of `overall` over the checkpoints */
  low: z.number().nullable().optional(),
  high: z.number().nullable().optional(),
  counted: z.number().int(),
  present: z.number().int(),
  byKind: KindCountsSchema,
  /** the exam: the model calls every configuration of the comparison was scored at (null: the run's own cuts) */
  exam: z.object({ checkpoints: z.array(z.number().int()), startTokens: z.number().int(), window: z.number().int() }).nullable().optional(),
  /** checkpoints whose call the provider would refuse (context over the window): every fact there counts as lost */
  refused: z.number().int().optional(),
  /** the same exam scored on the uncompacted session with no window: the "no compaction" figure a relative floor is measured from */
  uncompacted: z.number().nullable().optional(),
  checkpoints: z
    .array(z.object({ step: z.number().int(), counted: z.number().int(), present: z.number().int(), recall: z.number().nullable(), refused: z.boolean(), byKind: KindCountsSchema }))
    .optional(),
  /** events that cut the context (more than the points when they were sampled) */
  events: z.number().int(),
  /** the per-cut view: one entry per scored cut, in step order */
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
