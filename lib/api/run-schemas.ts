import { z } from "zod";

/**
 * Wire shapes of the playground: strategies, previews and compaction runs. Shared by the route handlers and
 * the client. Engine results (ReplayResult, events, context snapshots) travel as the engine's own plain
 * types (lib/engine/simulate), typed on the client by import — they are built by the server, never parsed
 * from untrusted input.
 */

export const EstimatorIdSchema = z.enum(["chars4", "calibrated", "bpe"]);
export const SummarizerIdSchema = z.enum(["extractive", "anthropic"]);

/** GET /api/strategies → { strategies: StrategyInfo[] } */
export const StrategyInfoSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  source: z.record(z.string(), z.unknown()),
  defaults: z.record(z.string(), z.unknown()),
  /** JSON Schema of the settings (z.toJSONSchema of the strategy's zod schema), for labelled controls */
  settingsJsonSchema: z.record(z.string(), z.unknown()),
  /** the prompt preset the strategy sends to an LLM summarizer, editable per run; null when it has none */
  prompt: z.object({ system: z.string(), instructions: z.string() }).nullable(),
});
export type StrategyInfo = z.infer<typeof StrategyInfoSchema>;

/** What a run or a preview replays with. */
export const ReplayConfigSchema = z.object({
  strategy: z.string().min(1),
  settings: z.record(z.string(), z.unknown()).default({}),
  /** context window tokens; default: the session's recorded window, else 200,000 */
  window: z.number().int().positive().optional(),
  outputReserve: z.number().int().min(0).default(0),
  estimator: EstimatorIdSchema.default("chars4"),
});
export type ReplayConfig = z.infer<typeof ReplayConfigSchema>;

/** POST /api/sessions/:id/preview → CompactionPreviewView (no LLM: the pure engine's planCompaction) */
export const PreviewRequestSchema = ReplayConfigSchema.extend({
  /** preview the compaction before this model call; default: after the last message */
  atStep: z.number().int().min(0).optional(),
});
export type PreviewRequest = z.infer<typeof PreviewRequestSchema>;

/** POST /api/sessions/:id/runs → a streamed response of RunStreamLine (NDJSON), see below */
export const RunRequestSchema = ReplayConfigSchema.extend({
  summarizer: SummarizerIdSchema.default("extractive"),
  /** anthropic model id (a cheaper compaction model is a common ask) */
  model: z.string().min(1).max(200).optional(),
  /** appended to the summarizer's instructions, like `/compact focus on the API changes` */
  instructions: z.string().max(4_000).optional(),
  /** an edited prompt preset for this run (system / instructions override) */
  prompt: z.object({ system: z.string().max(20_000), instructions: z.string().max(20_000) }).optional(),
  /** manual compaction ("compact here"): force a compaction before this model call */
  compactAtStep: z.number().int().min(0).optional(),
  /** a per-request Anthropic key: used for this run only, never stored or logged */
  apiKey: z.string().min(1).max(500).optional(),
});
export type RunRequest = z.infer<typeof RunRequestSchema>;

export const RunStatusSchema = z.enum(["running", "done", "failed", "cancelled"]);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** One row of the run history. */
export const RunSummarySchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  strategyId: z.string(),
  settings: z.record(z.string(), z.unknown()),
  options: z.object({
    window: z.number().int(),
    outputReserve: z.number().int(),
    estimator: EstimatorIdSchema,
    summarizer: SummarizerIdSchema,
    model: z.string().nullable(),
    instructions: z.string().nullable(),
    compactAtStep: z.number().int().nullable(),
  }),
  status: RunStatusSchema,
  error: z.string().nullable(),
  /** peak context the session would send with no compaction, and the peak this run sent */
  tokensBefore: z.number().int().nullable(),
  tokensAfter: z.number().int().nullable(),
  compactions: z.number().int(),
  prunes: z.number().int(),
  fallbacks: z.number().int(),
  summarizerUsage: z.object({ input: z.number().int(), output: z.number().int() }).nullable(),
  /** USD, from the dated price table; null for the extractive summarizer or an unknown model */
  estimatedCostUsd: z.number().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/**
 * Lines of the streamed POST /api/sessions/:id/runs response (one JSON object per line). The run is stored
 * only when it ends: a failed or cancelled run is stored with its status and error, never half-written.
 */
export type RunStreamLine =
  | { type: "started"; runId: string; totalSteps: number }
  | { type: "progress"; step: number; totalSteps: number }
  | { type: "event"; event: Record<string, unknown> }
  | { type: "done"; run: RunSummary }
  | { type: "error"; error: { code: string; message: string }; run: RunSummary | null };
