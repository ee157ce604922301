import { z } from "zod";
import type { ContinuationRecallSummary } from "./continuation-recall-summary";
import { EstimatorIdSchema, SummarizerIdSchema, type QueuedLine } from "./run-schemas";
import { CostOptionsSchema, type RunCostFigures } from "./cost-schemas";

/**
 * Wire shapes of the compare workbench (issue #6): compare several configurations on one session, sweep one or
 * two settings of a strategy, run a configuration set over several sessions, and the user's own probes. Shared
 * by the route handlers, the CLI (`lab compare --json` prints {@link CompareRow}s) and the client.
 */

/**
 * Configurations per comparison. "All strategies at defaults" compares every strategy the lab replays itself in one
 * view: the seed strategies, every peer and its dated versions, the baselines and the lab's own (19 on 2026-11-27,
 * after issue #41's versions, Goose and Kilo Code), so the cap is 24.
 */
export const MAX_COMPARE_CONFIGS = 24;
/** cells of a sweep (x values × y values): a full 12 × 12 grid, one job each, split by the workers */
export const MAX_SWEEP_CELLS = 144;
export const MAX_SWEEP_AXIS_VALUES = 12;
export const MAX_MULTI_SESSIONS = 20;

/**
 * One configuration: a strategy, its setting overrides, a label (default: `<strategy>` or `<strategy> key=value …`,
 * plus `· <model>` when it has its own summarizer) and, optionally, its own summarizer — a configuration is a
 * strategy AND a summarizer model, so "pi with Haiku vs pi with a local Qwen" is one comparison. Left out, the
 * comparison's summarizer, model and base URL apply.
 */
export const CompareConfigSchema = z.object({
  label: z.string().trim().min(1).max(80).optional(),
  strategy: z.string().min(1),
  settings: z.record(z.string(), z.unknown()).default({}),
  summarizer: SummarizerIdSchema.optional(),
  model: z.string().min(1).max(200).optional(),
  baseUrl: z.string().min(1).max(500).optional(),
});
export type CompareConfig = z.infer<typeof CompareConfigSchema>;

/** What every configuration of a comparison shares. */
export const CompareOptionsSchema = z.object({
  /** context window tokens; default: the session's recorded window, else 200,000 */
  window: z.number().int().positive().optional(),
  outputReserve: z.number().int().min(0).default(0),
  estimator: EstimatorIdSchema.default("chars4"),
  summarizer: SummarizerIdSchema.default("extractive"),
  model: z.string().min(1).max(200).optional(),
  /** `openai` only: the OpenAI-compatible endpoint (one the server is configured for; default OPENAI_BASE_URL) */
  baseUrl: z.string().min(1).max(500).optional(),
  /** a per-request Anthropic key: used for this comparison only, never stored or logged */
  apiKey: z.string().min(1).max(500).optional(),
  /** a per-request key for the OpenAI-compatible endpoints: used for this comparison only, never stored or logged */
  openaiApiKey: z.string().min(1).max(500).optional(),
  /** also ask a model whether each probe survives in the final context */
  judge: z.boolean().default(false),
  /** who judges: `anthropic` (default, with `model`) or an OpenAI-compatible endpoint (`judgeModel`, `judgeBaseUrl`) */
  judgeProvider: z.enum(["anthropic", "openai"]).optional(),
  /** the judge's model; default `model` when the judge's provider is the summarizer's, else the provider's default */
  judgeModel: z.string().min(1).max(200).optional(),
  judgeBaseUrl: z.string().min(1).max(500).optional(),
  /** send sessions holding unredacted credentials to external models anyway (refused with `secrets_unredacted` otherwise) */
  allowSecrets: z.boolean().optional(),
}).extend(CostOptionsSchema.shape);
export type CompareOptions = z.infer<typeof CompareOptionsSchema>;

/** POST /api/sessions/:id/compare → NDJSON CompareStreamLine */
export const CompareRequestSchema = CompareOptionsSchema.extend({
  configs: z.array(CompareConfigSchema).min(2).max(MAX_COMPARE_CONFIGS),
});
export type CompareRequest = z.infer<typeof CompareRequestSchema>;

export const SweepAxisSchema = z.object({
  key: z.string().min(1),
  values: z.array(z.union([z.number(), z.string(), z.boolean(), z.null()])).min(1).max(MAX_SWEEP_AXIS_VALUES),
});
export type SweepAxis = z.infer<typeof SweepAxisSchema>;

/** POST /api/sessions/:id/sweep → NDJSON CompareStreamLine (each row carries its `cell`) */
export const SweepRequestSchema = CompareOptionsSchema.extend({
  strategy: z.string().min(1),
  /** settings every cell shares; the axes override them */
  settings: z.record(z.string(), z.unknown()).default({}),
  x: SweepAxisSchema,
  y: SweepAxisSchema.optional(),
}).refine((request) => request.x.values.length * (request.y?.values.length ?? 1) <= MAX_SWEEP_CELLS, {
  message: `a sweep has at most ${MAX_SWEEP_CELLS} cells`,
  path: ["y"],
});
export type SweepRequest = z.infer<typeof SweepRequestSchema>;

/** POST /api/compare/multi → NDJSON CompareStreamLine (rows carry `sessionId`, then one `aggregate` line) */
export const MultiCompareRequestSchema = CompareOptionsSchema.extend({
  sessionIds: z.array(z.string().min(1)).min(1).max(MAX_MULTI_SESSIONS),
  configs: z.array(CompareConfigSchema).min(1).max(MAX_COMPARE_CONFIGS),
});
export type MultiCompareRequest = z.infer<typeof MultiCompareRequestSchema>;

/** A probe the user adds to a session: a literal text (matched normalised) or a regular expression. */
export const UserProbeInputSchema = z.object({
  kind: z.enum(["text", "regex"]),
  pattern: z.string().min(1).max(500),
  label: z.string().trim().max(120).optional(),
});
export type UserProbeInput = z.infer<typeof UserProbeInputSchema>;
export interface UserProbe extends UserProbeInput {
  id: string;
  sessionId: string;
  createdAt: string;
}

/** Retention of one probe kind: probes counted (appeared by then) and retained. */
export interface KindScore {
  counted: number;
  retained: number;
  /** retained / counted; null when none counted */
  score: number | null;
}

/**
 * One configuration's figures — the compare table's row and one line of `lab compare --json`.
 * Token figures are by the comparison's estimator.
 */
export interface CompareRow {
  /** the configuration's label */
  config: string;
  strategy: string;
  /** the resolved settings (defaults + overrides) */
  settings: Record<string, unknown>;
  window: number;
  estimator: string;
  summarizer: string;
  /** max context over the model calls (the final context when there are none) */
  peakContextTokens: number;
  meanContextTokens: number;
  /** compactions whose summary was applied, and trims (a failed compaction is a fallback, not a compaction) */
  compactions: number;
  prunes: number;
  /** Σ context over every model call: what the agent pays input tokens for */
  totalTokensSent: number;
  /** the context after the last message: what the session leaves the agent with */
  finalContextTokens: number;
  /** `none`'s totalTokensSent minus this one's (same window, estimator) */
  tokensSavedVsNone: number;
  summarizerTokens: { input: number; output: number };
  /** USD from the dated price table; null for the extractive summarizer or an unknown model */
  estimatedCostUsd: number | null;
  /**
   * the configuration's dollars: every model call through the prompt cache at the priced model's rates, plus the
   * summarizer calls, beside the same calls without caching (lib/llm/price-replay.ts); null when the priced model
   * has no known price (absent in rows stored before it)
   */
  cost?: RunCostFigures | null;
  fallbacks: number;
  /** summarizer calls that failed (after the SDK's retries); the breaker stops calling after 3 in a row */
  summarizerFailures: number;
  guardTrips: number;
  overflows: number;
  /** the lab's extracted probes (paths, commands, errors, rules … found by its own recognisers) */
  retention: {
    /** weighted overall at the end (null when no probe counted) */
    overall: number | null;
    /** its 95% bootstrap interval over the probes (`bootstrapRetention`; absent in rows stored before it) */
    low?: number | null;
    high?: number | null;
    byKind: Record<string, KindScore>;
    /** mean overall just after each compaction or trim; null when there were none */
    afterCompactions: number | null;
    /** per compaction or trim, in order */
    perCompaction: { step: number; overall: number | null }[];
  };
  /**
   * continuation recall, the lab's default quality score: on the comparison's exam (the same checkpoints and facts
   * for every row), the share of the facts later messages use that the context still holds, with its 95% interval
   * (`low` / `high`), the checkpoints `refused` over the window and the per-cut view (absent from rows stored before it existed)
   */
  continuationRecall?: ContinuationRecallSummary;
  /** the LLM-judged retention (judge mode only) */
  judged: { overall: number | null; byKind: Record<string, KindScore>; asked: number; model: string } | null;
}

/** A stored comparison's request as a follower gets it back: its configurations and shared options, without a key. */
export interface CompareSetup {
  sessionIds: string[];
  configs: CompareConfig[];
  options: Omit<CompareOptions, "apiKey" | "openaiApiKey">;
}

/** A stored sweep's request as a follower gets it back: its strategy, shared settings, axes and options, no key. */
export interface SweepSetup {
  strategy: string;
  settings: Record<string, unknown>;
  x: SweepAxis;
  y?: SweepAxis;
  options: Omit<CompareOptions, "apiKey" | "openaiApiKey">;
}

/**
 * Lines of the compare / sweep / multi streams, one JSON object per line. `started.totalSteps` is the model calls
 * to replay over every (session, configuration); a `progress` line's `totalSteps` those of its session. Progress
 * goes out at most ten times a second. A cancelled configuration (its run's cancel, or the comparison's) sends a
 * `config-error` (code `cancelled`); the stream then ends `done` with `cancelled` (how many) when any row finished,
 * or with one `error` line (code `cancelled`) when none did. A `config-error` after a stored run (e.g. code `judge_failed`: the replay
 * succeeded, the judge did not) carries that run's id, so it still opens in the playground.
 */
export type CompareStreamLine =
  | QueuedLine
  | {
      type: "started";
      configs: number;
      sessions: number;
      totalSteps: number;
      /** the stored comparison: GET /api/comparisons/:id/stream follows it again (a reload, another instance) */
      comparisonId?: string;
      /** every (session, configuration) of it, so a follower that joins late lists the ones not started yet */
      expected?: { index: number; sessionId: string; label: string }[];
      /** what it was asked (never a key): a page following it again shows it in its builder — compare and multi */
      setup?: CompareSetup;
      /** a sweep's request (never a key): a page following it again shows its form and draws its heatmap's axes */
      sweep?: SweepSetup;
    }
  | { type: "config-started"; index: number; label: string; sessionId: string; runId: string }
  | { type: "progress"; index: number; sessionId: string; step: number; totalSteps: number }
  | {
      type: "row";
      index: number;
      sessionId: string;
      runId: string;
      row: CompareRow;
      /** context tokens per model call, for the overlaid curves (downsample on the client) */
      curve: number[];
      /** sweep only: the axis values of the cell */
      cell?: { x: unknown; y?: unknown };
    }
  | { type: "config-error"; index: number; sessionId: string; runId: string | null; error: { code: string; message: string } }
  | { type: "aggregate"; rows: AggregateRow[] }
  /** `cancelled` (when any): configurations cancelled, by their run's or the comparison's cancel, not counted in `failed` */
  | { type: "done"; rows: number; failed: number; cancelled?: number }
  | { type: "error"; error: { code: string; message: string } };

/** A quality figure over several sessions with its 95% interval (bootstrap over the sessions and their checkpoints). */
export interface IntervalFigure {
  figure: number | null;
  low: number | null;
  high: number | null;
}

/** One configuration over several sessions: the mean and the worst case of the headline figures. */
export interface AggregateRow {
  config: string;
  strategy: string;
  sessions: number;
  /** `recall`: continuation recall, mean over the sessions with its interval (absent when no row has it) */
  mean: { peakContextTokens: number; totalTokensSent: number; tokensSavedVsNone: number; compactions: number; retention: number | null; recall?: IntervalFigure };
  /** worst case: highest peak and tokens sent, least saved, most compactions, lowest retention and recall */
  worst: { peakContextTokens: number; totalTokensSent: number; tokensSavedVsNone: number; compactions: number; retention: number | null; recall?: IntervalFigure };
}
