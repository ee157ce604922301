import { z } from "zod";
import { queryIndex } from "./query-index";
import type { ReplayEvent } from "../../engine/simulate/replay-events";
import type { ReplayResult } from "../../engine/simulate/replay-result";
import type { PartMarkKind } from "../../engine/model";
import { ContinuationRecallSummarySchema } from "./continuation-recall-summary";
import { REPLAY_ESTIMATOR_IDS } from "./replay-estimator-ids";
import { SUMMARIZER_IDS } from "./summarizer-ids";
import { CacheProviderChoiceSchema, CacheTtlChoiceSchema, CostOptionsSchema, RunCostSchema } from "./cost-schemas";

/**
 * Wire shapes of the playground: strategies, previews and compaction runs. Shared by the route handlers and
 * the client. Engine results (ReplayResult, events, context snapshots) travel as the engine's own plain
 * types (lib/engine/simulate), typed on the client by import — they are built by the server, never parsed
 * from untrusted input.
 */

/**
 * The engine's offline estimators, and `count-tokens`: exact counts from Anthropic's count_tokens endpoint, fetched
 * before the replay (needs a key: lib/runs/resolve-estimator.ts); the instant preview stands in chars4 for it.
 */
export const EstimatorIdSchema = z.enum(REPLAY_ESTIMATOR_IDS);
export const SummarizerIdSchema = z.enum(SUMMARIZER_IDS);

/** GET /api/strategies → { strategies: StrategyInfo[] } */
export const StrategyInfoSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  /** the strategy this one is a later version of (`claude-code` for `claude-code@2.1.299`), null for a first */
  versionOf: z.string().nullable().default(null),
  /** where it comes from; a peer's carries `version`, `asOf`, `url` (and `undocumented`, `retired` where they apply) */
  source: z.record(z.string(), z.unknown()),
  defaults: z.record(z.string(), z.unknown()),
  /** JSON Schema of the settings (z.toJSONSchema of the strategy's zod schema), for labelled controls */
  settingsJsonSchema: z.record(z.string(), z.unknown()),
  /** the prompt preset the strategy sends to an LLM summarizer, editable per run; null when it has none */
  prompt: z.object({ system: z.string(), instructions: z.string() }).nullable(),
  /**
   * Every prompt preset of the strategy (pi and nous have a "summary" and an "update" prompt, …); `prompt` is
   * the first of them. `system` null: the source sends no system prompt of its own.
   */
  prompts: z.array(
    z.object({ name: z.string(), label: z.string(), source: z.string(), system: z.string().nullable(), instructions: z.string() }),
  ),
  /**
   * the provider whose own compaction this strategy is (anthropic-compaction, openai-compaction): it runs only with
   * that provider's summarizer and key; null for the lab's strategies. Absent from older servers' answers.
   */
  provider: z.enum(["anthropic", "openai"]).nullable().default(null),
  /** why it cannot run here ("needs a key": the server holds none for its provider); null when it can */
  unavailable: z.string().nullable().default(null),
  /** its compaction item is opaque to the lab (OpenAI's): continuation recall and probes cannot read it */
  opaque: z.boolean().default(false),
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
  /**
   * `forced` (the default): the compaction a manual request would make there, under the trigger or not;
   * `as-configured`: only what the strategy does there on its own with these settings (possibly nothing)
   */
  mode: z.enum(["forced", "as-configured"]).optional(),
  /**
   * the cost options of the run being set up (see CostOptionsSchema): a cache-aware strategy (keeper) previews the
   * compaction it would plan for the cache the run will be priced under
   */
  costModel: CostOptionsSchema.shape.costModel,
  cacheProvider: CostOptionsSchema.shape.cacheProvider,
  cacheTtl: CostOptionsSchema.shape.cacheTtl,
});
export type PreviewRequest = z.infer<typeof PreviewRequestSchema>;

/** POST /api/sessions/:id/runs → a streamed response of RunStreamLine (NDJSON), see below */
export const RunRequestSchema = ReplayConfigSchema.extend({
  summarizer: SummarizerIdSchema.default("extractive"),
  /** the summarizer's model id: anthropic's, or the OpenAI-compatible endpoint's (a cheaper compaction model is a common ask) */
  model: z.string().min(1).max(200).optional(),
  /** `openai` only: which OpenAI-compatible endpoint (one the server is configured for; default OPENAI_BASE_URL) */
  baseUrl: z.string().min(1).max(500).optional(),
  /** appended to the summarizer's instructions, like `/compact focus on the API changes` */
  instructions: z.string().max(4_000).optional(),
  /** an edited prompt preset for this run (system / instructions override) */
  prompt: z.object({ system: z.string().max(20_000), instructions: z.string().max(20_000) }).optional(),
  /**
   * edits of several presets by name (see StrategyInfo.prompts), e.g. { update: { instructions } }; a field left
   * out keeps the strategy's text. `prompt` is shorthand for the first preset and loses to an entry here.
   */
  promptOverrides: z
    .record(z.string(), z.strictObject({ system: z.string().max(20_000).optional(), instructions: z.string().max(20_000).optional() }))
    .optional(),
  /** manual compaction ("compact here"): force a compaction before this model call */
  compactAtStep: z.number().int().min(0).optional(),
  /** a per-request Anthropic key: used for this run only, never stored or logged */
  apiKey: z.string().min(1).max(500).optional(),
  /** a per-request key for the OpenAI-compatible endpoint: used for this run only, never stored or logged */
  openaiApiKey: z.string().min(1).max(500).optional(),
  /** send a session holding unredacted credentials to an external model anyway (refused with `secrets_unredacted` otherwise) */
  allowSecrets: z.boolean().optional(),
}).extend(CostOptionsSchema.shape);
export type RunRequest = z.infer<typeof RunRequestSchema>;

/**
 * `queued`: written, waiting for a worker (a job); `degraded`: finished, but the summarizer failed and the
 * strategy's fallback stood in (the error says why)
 */
export const RunStatusSchema = z.enum(["queued", "running", "done", "degraded", "failed", "cancelled", "interrupted"]);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** One row of the run history. */
export const RunSummarySchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  /** the comparison or sweep this run is a configuration of; null for a playground (or API) run */
  comparisonId: z.string().nullable(),
  strategyId: z.string(),
  settings: z.record(z.string(), z.unknown()),
  options: z.object({
    window: z.number().int(),
    outputReserve: z.number().int(),
    estimator: EstimatorIdSchema,
    summarizer: SummarizerIdSchema,
    model: z.string().nullable(),
    /** the OpenAI-compatible endpoint the run summarized with; null otherwise */
    baseUrl: z.string().nullable().optional(),
    instructions: z.string().nullable(),
    compactAtStep: z.number().int().nullable(),
    /** the prompt edits the run used, by preset name; null when none */
    promptOverrides: z.record(z.string(), z.object({ system: z.string().optional(), instructions: z.string().optional() })).nullable(),
    /** how the run's dollars are worked out (see CostOptionsSchema); costModel null: the session's model */
    costModel: z.string().nullable(),
    cacheProvider: CacheProviderChoiceSchema,
    cacheTtl: CacheTtlChoiceSchema,
    /** false: the agent's recorded restarts were not applied to the cache */
    recordedRewrites: z.boolean().default(true),
  }),
  status: RunStatusSchema,
  error: z.string().nullable(),
  /** the session's peak context with no compaction, and this run's (peakContextTokens: model calls and after the last message) */
  tokensBefore: z.number().int().nullable(),
  tokensAfter: z.number().int().nullable(),
  compactions: z.number().int(),
  prunes: z.number().int(),
  fallbacks: z.number().int(),
  /** summarizer calls that failed, counted apart from compactions (applied summaries) and fallbacks */
  summarizerFailures: z.number().int(),
  summarizerUsage: z.object({ input: z.number().int(), output: z.number().int() }).nullable(),
  /** USD, from the dated price table; null for the extractive summarizer or an unknown model */
  estimatedCostUsd: z.number().nullable(),
  /**
   * continuation recall, the lab's default quality score: at each cut, the share of the facts the session's later
   * messages use that the next context holds; null for a run that did not finish (or stored before it was scored)
   */
  continuationRecall: ContinuationRecallSummarySchema.nullable(),
  /** the run's dollars with and without the prompt cache; null when the priced model has no known price */
  cost: RunCostSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/**
 * Lines of the streamed POST /api/sessions/:id/runs response (one JSON object per line). The run is stored
 * only when it ends: a failed or cancelled run is stored with its status and error, never half-written.
 */
/** The work waits for a run slot of the server process (LAB_MAX_CONCURRENT_RUNS): 1-based position among the waiting. */
export interface QueuedLine {
  type: "queued";
  position: number;
  /** the process's limit of concurrent runs */
  limit: number;
}

export type RunStreamLine =
  | QueuedLine
  | { type: "started"; runId: string; totalSteps: number }
  | { type: "progress"; step: number; totalSteps: number }
  | { type: "event"; event: Record<string, unknown> }
  | { type: "done"; run: RunSummary }
  | { type: "error"; error: { code: string; message: string }; run: RunSummary | null };

/** One part the previewed compaction would prune (a layer-1 mark made by the forced decision). */
export interface PreviewPrunedPart {
  messageId: string;
  /** the message's seq in the stored session (= index in the canonical session) */
  seq: number;
  partIndex: number;
  kind: PartMarkKind;
  /** estimated tokens the mark frees (the part as stored minus the part as rendered with the mark) */
  tokensFreed: number;
}

/** POST /api/sessions/:id/preview → CompactionPreviewView */
export interface CompactionPreviewView {
  strategyId: string;
  /** the model call the preview compacts before; `totalSteps` when previewing after the last message */
  atStep: number;
  totalSteps: number;
  tokensBefore: number;
  tokensAfter: number;
  /** the first session message kept verbatim after the summary / trim, null when nothing is */
  firstKept: { messageId: string; seq: number } | null;
  pruned: PreviewPrunedPart[];
  /** what the forced decision did: prune, compaction start/end or trim, warnings — after any prune made earlier in the step */
  events: ReplayEvent[];
  /** the extractive summary standing in for the real one; null when the strategy would not summarize */
  summaryPreview: string | null;
  /** the plan's reason and budget; null when the strategy had nothing to compact */
  plan: { reason: string; budget: number; summaries: number } | null;
  /** messages in the context after the previewed compaction */
  messagesAfter: number;
  /** how the preview was asked for (PreviewRequest.mode) */
  mode: "forced" | "as-configured";
  /** whether a summary or a trim happens at this step (as configured, often not) */
  compacted: boolean;
  /** the context at or above which the strategy compacts on its own; null when it never does or names no single number */
  autoTrigger: number | null;
}

/** GET /api/runs/:id → RunDetail: the summary, the engine's ReplayResult (null unless the replay finished: `done`, `degraded`, or `failed` by its summarizer), the session basics */
export type RunDetail = RunSummary & {
  result: ReplayResult | null;
  session: { id: string; title: string; format: string; messageCount: number };
};

/** GET /api/sessions/:id/runs → RunList, newest first */
export interface RunList {
  runs: RunSummary[];
}

/**
 * POST /api/runs/:id/cancel → CancelRunResult. `cancelling` is true when the run was running in this server
 * process and its replay was aborted (the stream then ends with an `error` line, code `cancelled`, and the row is
 * stored as `cancelled`); false when the run had already ended (`status` says how).
 */
export interface CancelRunResult {
  runId: string;
  cancelling: boolean;
  status: RunStatus;
}

/** GET /api/runs/:id/context?step=N|final → the engine's ContextSnapshot (lib/engine/simulate/context-at.ts) */
export const ContextQuerySchema = z.object({
  step: z.union([z.literal("final"), queryIndex()]).default("final"),
});
