import type { ContinuationRecallSummary } from "../api/contracts/continuation-recall-summary";
import { z } from "zod";
import { REPLAY_ESTIMATOR_IDS } from "../api/contracts/replay-estimator-ids";
import { SUMMARIZER_IDS } from "../api/contracts/summarizer-ids";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { CacheProviderChoiceSchema, CacheTtlChoiceSchema, type RunCostFigures } from "../api/contracts/cost-schemas";

/**
 * A stored run as the store returns it, and the options JSON it is stored with. These are the store's own
 * schemas — it checks JSON read back from the database against them — and not the API's: what travels over HTTP
 * is lib/present's (presentRunSummary), whose typing fails to compile if the two ever drift apart.
 */

/** `queued`: waiting for a worker; `degraded`: finished on the strategy's fallback after its summarizer failed. */
export const RUN_STATUSES = ["queued", "running", "done", "degraded", "failed", "cancelled", "interrupted"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RunStatusSchema = z.enum(RUN_STATUSES);

/** What a run was asked to do: never a key. The key order is the order the API has always sent them in. */
export const RunOptionsSchema = z.object({
  window: z.number().int(),
  outputReserve: z.number().int(),
  estimator: z.enum(REPLAY_ESTIMATOR_IDS),
  summarizer: z.enum(SUMMARIZER_IDS),
  model: z.string().nullable(),
  /** the OpenAI-compatible endpoint of an `openai` run (never a key); absent in runs stored before it existed */
  baseUrl: z.string().nullable().optional(),
  instructions: z.string().nullable(),
  compactAtStep: z.number().int().nullable(),
  /** the prompt edits the run used, by preset name; null when none */
  promptOverrides: z.record(z.string(), z.object({ system: z.string().optional(), instructions: z.string().optional() })).nullable(),
  /** how its dollars are worked out (runs stored before them: the session's model, its provider's cache, 5 minutes) */
  costModel: z.string().nullable().default(null),
  cacheProvider: CacheProviderChoiceSchema.default("auto"),
  cacheTtl: CacheTtlChoiceSchema.default("5m"),
  /** false: the agent's recorded restarts were not applied to the cache (runs stored before it: applied) */
  recordedRewrites: z.boolean().default(true),
  /** a comparison's run: the smallest window of its settings on this session, where the shared exam starts (absent: its own window) */
  examWindow: z.number().int().positive().optional(),
});
export type RunOptions = z.infer<typeof RunOptionsSchema>;
/** What a run is created with: the cost options may be left out (their defaults are stored). */
export type RunOptionsInput = z.input<typeof RunOptionsSchema>;

/** One stored run: its request, status and figures; dates as Dates. */
export interface RunRecord {
  id: string;
  sessionId: string;
  /** the comparison or sweep this run is a configuration of; null for a playground (or API) run */
  comparisonId: string | null;
  strategyId: string;
  settings: Record<string, unknown>;
  options: RunOptions;
  status: RunStatus;
  error: string | null;
  /** peak context the session would send with no compaction, and the peak this run sent */
  tokensBefore: number | null;
  tokensAfter: number | null;
  compactions: number;
  prunes: number;
  fallbacks: number;
  summarizerFailures: number;
  summarizerUsage: { input: number; output: number } | null;
  estimatedCostUsd: number | null;
  /** continuation recall (`scoreContinuationRecall`); null before it was scored or for a run that did not finish */
  continuationRecall: ContinuationRecallSummary | null;
  cost: RunCostFigures | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A run with its replay result (null unless the replay finished) and its session's basics. */
export interface RunDetailRecord extends RunRecord {
  result: ReplayResult | null;
  session: { id: string; title: string; format: string; messageCount: number };
}
