import { z } from "zod";
import { JUDGED_LIMITS } from "./judged-limits";
import { JUDGED_DIMENSIONS, JUDGED_QUESTION_KINDS, type JudgedDimension, type JudgedGrades, type JudgedQuestionKind } from "../../engine/evaluate/judged-probes-rubric";

/**
 * Judged probes (issue #25, item 4), as the API, the store and `lab simulate --json` carry them: at each of a run's
 * compactions a model writes questions from the history before it, a model answers them from the compacted
 * context, and a judge grades each answer 0–5 on six dimensions. Shared by server and client; the stored JSON is
 * read back through {@link JudgedProbesResultSchema} (a trust boundary).
 */

export { JUDGED_DIMENSIONS, JUDGED_LIMITS, JUDGED_QUESTION_KINDS, type JudgedDimension, type JudgedGrades, type JudgedQuestionKind };

export const JUDGED_DIMENSION_LABELS: Readonly<Record<JudgedDimension, string>> = {
  accuracy: "Accuracy",
  contextAwareness: "Context awareness",
  artifactTrail: "Artifact trail",
  completeness: "Completeness",
  continuity: "Continuity",
  instructionFollowing: "Instruction following",
};


/**
 * What to judge with. One provider and endpoint for the three roles, a model for each (the question writer and
 * the answerer default to the judge's model). `apiKey` is per request, kept in memory only, never stored.
 * `confirm` must be true to start: the plan (calls and cost) is shown first.
 */
export const JudgedProbesRequestSchema = z.object({
  provider: z.enum(["anthropic", "openai"]).default("anthropic"),
  judgeModel: z.string().trim().min(1).max(200).optional(),
  questionModel: z.string().trim().min(1).max(200).optional(),
  answerModel: z.string().trim().min(1).max(200).optional(),
  /** `openai` only: one of the server's configured endpoints (default OPENAI_BASE_URL) */
  baseUrl: z.string().trim().url().optional(),
  apiKey: z.string().min(1).max(500).optional(),
  questionsPerCompaction: z.number().int().min(JUDGED_LIMITS.questions.min).max(JUDGED_LIMITS.questions.max).default(JUDGED_LIMITS.questions.default),
  maxCompactions: z.number().int().min(JUDGED_LIMITS.compactions.min).max(JUDGED_LIMITS.compactions.max).default(JUDGED_LIMITS.compactions.default),
  maxRetries: z.number().int().min(JUDGED_LIMITS.retries.min).max(JUDGED_LIMITS.retries.max).default(JUDGED_LIMITS.retries.default),
  /** send a session that holds unredacted credentials anyway */
  allowSecrets: z.boolean().optional(),
  confirm: z.boolean().optional(),
});
export type JudgedProbesRequest = z.infer<typeof JudgedProbesRequestSchema>;
export type JudgedProbesRequestInput = z.input<typeof JudgedProbesRequestSchema>;

const RoleCostSchema = z.object({
  role: z.enum(["question", "answer", "grade"]),
  model: z.string(),
  calls: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** USD at the model's base rates; null when the price table does not know the model */
  dollars: z.number().nullable(),
});

/** What a judgement will cost, before anything is sent: the figures are estimates (about 4 characters a token). */
export const JudgedProbesPlanSchema = z.object({
  runId: z.string(),
  provider: z.enum(["anthropic", "openai"]),
  /** the compactions that will be judged (steps), at most `maxCompactions`, spread over the run */
  steps: z.array(z.number().int()),
  /** compactions (and trims) the run has in all */
  compactionsInRun: z.number().int(),
  questionsPerCompaction: z.number().int(),
  /** model calls without retries: three per judged compaction */
  calls: z.number().int(),
  /** requests at most, counting every retry */
  maxRequests: z.number().int(),
  roles: z.array(RoleCostSchema),
  /** the sum over roles; null when any model's price is unknown */
  dollars: z.number().nullable(),
  pricesDate: z.string(),
  /** what would send the session out (for the secrets gate's message) */
  sends: z.array(z.string()),
});
export type JudgedProbesPlan = z.infer<typeof JudgedProbesPlanSchema>;

const GradesSchema = z.object(Object.fromEntries(JUDGED_DIMENSIONS.map((dimension) => [dimension, z.number().int().min(0).max(5)])) as Record<JudgedDimension, z.ZodNumber>);
const DimensionMeansSchema = z.object(Object.fromEntries(JUDGED_DIMENSIONS.map((dimension) => [dimension, z.number().nullable()])) as Record<JudgedDimension, z.ZodNullable<z.ZodNumber>>);
export type JudgedDimensionMeans = Record<JudgedDimension, number | null>;

export const JudgedQuestionSchema = z.object({
  kind: z.enum(JUDGED_QUESTION_KINDS),
  question: z.string(),
  /** the reference answer the question writer drew from the history */
  expected: z.string(),
  /** what the answering model said from the compacted context */
  answer: z.string(),
  grades: GradesSchema,
});
export type JudgedQuestion = z.infer<typeof JudgedQuestionSchema>;

export const JudgedPointSchema = z.object({
  /** the model call the compaction came before */
  step: z.number().int(),
  event: z.enum(["compaction", "trim"]),
  questions: z.array(JudgedQuestionSchema),
  byDimension: DimensionMeansSchema,
  /** mean of the six dimensions' means, 0–5; null when no question was graded */
  overall: z.number().nullable(),
});
export type JudgedPoint = z.infer<typeof JudgedPointSchema>;

export const JudgedProbesResultSchema = z.object({
  provider: z.enum(["anthropic", "openai"]),
  models: z.object({ question: z.string(), answer: z.string(), judge: z.string() }),
  points: z.array(JudgedPointSchema),
  byDimension: DimensionMeansSchema,
  byKind: z.record(z.string(), z.object({ questions: z.number().int(), mean: z.number().nullable() })),
  /** 0–5, the mean over every graded question of its six grades' mean; null when none */
  overall: z.number().nullable(),
  calls: z.number().int(),
  /** the plan's estimate, USD */
  estimatedDollars: z.number().nullable(),
  judgedAt: z.string(),
});
export type JudgedProbesResult = z.infer<typeof JudgedProbesResultSchema>;

/** A judgement job's states: `interrupted` when the instance judging it stopped (its key, if any, went with it). */
export const JUDGEMENT_STATUSES = ["queued", "running", "done", "failed", "cancelled", "interrupted"] as const;
export type JudgementStatus = (typeof JUDGEMENT_STATUSES)[number];

/** After each model call: the calls made of the plan's, and the compaction (step) and role of the last one. */
export const JudgementProgressSchema = z.object({
  calls: z.number().int(),
  total: z.number().int(),
  step: z.number().int(),
  role: z.enum(["question", "answer", "grade"]),
});
export type JudgementProgress = z.infer<typeof JudgementProgressSchema>;

/** A judgement job (issue #38, item 7) as the API answers it; its grades, once done, are the run's judged probes. */
export const JudgementSchema = z.object({
  id: z.string(),
  runId: z.string(),
  status: z.enum(JUDGEMENT_STATUSES),
  /** model calls planned (three per judged compaction) */
  total: z.number().int(),
  progress: JudgementProgressSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Judgement = z.infer<typeof JudgementSchema>;

/** One line of GET /api/judgements/:id/stream (NDJSON), like a run's stream: `started`, `queued`, `progress`, then `done` or `error`. */
export const JudgementStreamLineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("started"), judgementId: z.string(), runId: z.string(), total: z.number().int() }),
  z.object({ type: z.literal("queued") }),
  z.object({ type: z.literal("progress"), progress: JudgementProgressSchema }),
  z.object({ type: z.literal("done"), judged: JudgedProbesResultSchema }),
  z.object({ type: z.literal("error"), error: z.object({ code: z.string(), message: z.string() }), judgement: JudgementSchema.nullable() }),
]);
export type JudgementStreamLine = z.infer<typeof JudgementStreamLineSchema>;
