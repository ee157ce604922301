import { compactionApplied } from "../engine/simulate/replay-events";
import type { CompareConfig, CompareRow, KindScore } from "../api/contracts/compare-schemas";
import type { ContinuationRecallSummary } from "../api/contracts/continuation-recall-summary";
import { summarizeContinuationRecall } from "../api/contracts/summarize-continuation-recall";
import { extractContinuationFacts, type ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import type { Probe } from "../engine/evaluate/probe";
import { scoreContinuationRecall } from "../engine/evaluate/score-continuation-recall";
import type { Exam } from "../engine/evaluate/plan-exam";
import { bootstrapRetention } from "../engine/evaluate/bootstrap-retention";
import { scoreRetention, type RetentionReport } from "../engine/evaluate/score-retention";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { peakContextTokens } from "../engine/simulate/peak-context-tokens";
import { estimateCost } from "../llm/model-prices";
import type { CostOptions } from "../api/contracts/cost-schemas";
import { priceRun } from "../runs/price-run";
import { examOf } from "../runs/score-run-recall";

export interface BuildCompareRowOptions {
  /** the configuration's label (see {@link compareLabel}) */
  label: string;
  session: Session;
  result: ReplayResult;
  /** `extractProbes(session, …)`, extracted once per session and shared by every configuration */
  probes: readonly Probe[];
  /** `extractContinuationFacts(session)`, shared by every configuration; extracted here when not given */
  continuationFacts?: ContinuationFacts;
  /** the row's continuation recall when the caller scored it already (a worker scores it without blocking: `scoreRunRecall`) */
  continuationRecall?: ContinuationRecallSummary;
  /** the exam every row of the comparison is scored on; default `examOf` the baseline at the result's window */
  exam?: Exam;
  /**
   * the session's `none` replay (same estimator): it chooses the exam, and scored without a window gives the
   * `uncompacted` figure. Without it and without `exam`, recall is scored at the row's own cuts (the older figure).
   */
  baseline?: ReplayResult;
  /** the exam's uncompacted figure when the caller scored it once for every row (else scored here from `baseline`) */
  uncompacted?: number | null;
  /** `totalTokensSent` of a `none` replay with the same window and estimator */
  noneTotal: number;
  /** the summarizer id the comparison used ("extractive", "anthropic") */
  summarizer: string;
  /** the model billed for summaries; null for the extractive summarizer (then the cost is null) */
  model: string | null;
  judged?: CompareRow["judged"];
  /** summarizer calls that failed (the configuration's circuit breaker); 0 when not given */
  summarizerFailures?: number;
  /** how the dollars are worked out (priced model, cache provider, TTL); default: the session's model, its provider, 5 minutes */
  costOptions?: Partial<CostOptions>;
  /** `scoreRetention` of this result and probes when the caller scored it already (a worker scores it yielding) */
  retention?: RetentionReport;
}

/**
 * One configuration's figures, as the compare table, the streams and `lab compare --json` show them — the one
 * place they are computed, so the CLI and the API cannot disagree.
 *
 * - Peak is `peakContextTokens`: the largest context at a model call or after the last message (the figure a run
 *   and the preview read too). Mean is over the model calls; a session without calls reports its final context for
 *   both (and sends nothing: `totalTokensSent` 0).
 * - `compactions` counts the compactions whose summary was applied, and trims; a compaction whose summary failed
 *   or was rejected is a `fallback` instead, and each failed summarizer call a `summarizerFailures`; `overflows` counts
 *   overflow events, i.e. runs of calls over the usable window, not the calls themselves.
 * - Retention is `scoreRetention` on the final context, with its 95% interval over the probes (`bootstrapRetention`); `perCompaction` lists every compaction or trim in event
 *   order with the step of the event, and `afterCompactions` is the mean of the non-null ones.
 * - `continuationRecall` is `scoreContinuationRecall` on the comparison's exam (the same checkpoints for every
 *   row): the facts later messages use, held at each checkpoint, with its 95% interval; the cuts as a detail.
 * - `estimatedCostUsd` prices the summarizer's reported usage with the dated table; null without a model, or
 *   for a model the table does not know.
 * - `cost` prices every model call through the prompt cache and the summarizer calls (`priceRun`); null when the
 *   priced model is unknown.
 */
export function buildCompareRow(options: BuildCompareRowOptions): CompareRow {
  const { result } = options;
  const contextTokens = result.steps.map((step) => step.contextTokens);
  const totalSent = totalTokensSent(result);
  const summarizerTokens = { input: 0, output: 0 };
  for (const event of result.events) {
    if (event.type !== "compaction-end" || !event.summarizerUsage) continue;
    summarizerTokens.input += event.summarizerUsage.input;
    summarizerTokens.output += event.summarizerUsage.output;
  }
  const count = (type: string) => result.events.filter((event) => event.type === type).length;
  const report = options.retention ?? scoreRetention({ session: options.session, result, probes: options.probes });
  const recall = options.continuationRecall ?? scoreRowRecall({ ...options, facts: options.continuationFacts ?? extractContinuationFacts(options.session) });
  const perCompaction = report.compactions.map((point) => ({ step: point.eventStep, overall: point.overall }));
  const afterScores = perCompaction.flatMap((point) => (point.overall === null ? [] : [point.overall]));
  const byKind: Record<string, KindScore> = {};
  for (const [kind, entry] of Object.entries(report.final.byKind)) byKind[kind] = { counted: entry.counted, retained: entry.retained, score: entry.score };

  return {
    config: options.label,
    strategy: result.strategyId,
    settings: { ...(result.settings as Record<string, unknown>) },
    window: result.window,
    estimator: result.estimatorId,
    summarizer: options.summarizer,
    peakContextTokens: peakContextTokens(result),
    meanContextTokens: contextTokens.length ? Math.round(totalSent / contextTokens.length) : result.final.contextTokens,
    compactions: result.events.filter((event) => event.type === "compaction-end" && compactionApplied(event)).length + count("trim"),
    prunes: count("prune"),
    totalTokensSent: totalSent,
    finalContextTokens: result.final.contextTokens,
    tokensSavedVsNone: options.noneTotal - totalSent,
    summarizerTokens,
    estimatedCostUsd: options.model === null ? null : estimateCost({ model: options.model, inputTokens: summarizerTokens.input, outputTokens: summarizerTokens.output }),
    cost: priceRun({ session: options.session, result, cost: options.costOptions ?? {}, summarizerModel: options.model }).cost,
    fallbacks: count("fallback"),
    summarizerFailures: options.summarizerFailures ?? 0,
    guardTrips: count("guard"),
    overflows: count("overflow"),
    retention: {
      overall: report.final.overall,
      ...bootstrapRetention({ byKind }),
      byKind,
      afterCompactions: afterScores.length ? afterScores.reduce((sum, score) => sum + score, 0) / afterScores.length : null,
      perCompaction,
    },
    continuationRecall: recall,
    judged: options.judged ?? null,
  };
}

/** The row's recall on the exam, and the uncompacted figure when the baseline is given (synchronous: the CLI). */
function scoreRowRecall(options: { session: Session; result: ReplayResult; facts: ContinuationFacts; exam?: Exam; baseline?: ReplayResult; uncompacted?: number | null }): ContinuationRecallSummary {
  const exam = options.exam ?? (options.baseline ? examOf({ baseline: options.baseline, window: options.result.window }) : undefined);
  const report = scoreContinuationRecall({ session: options.session, result: options.result, facts: options.facts, exam });
  const ceiling = options.uncompacted !== undefined ? options.uncompacted : exam && options.baseline ? scoreContinuationRecall({ session: options.session, result: options.baseline, facts: options.facts, exam, ignoreWindow: true, interval: false }).overall : undefined;
  return summarizeContinuationRecall(report, { uncompacted: ceiling });
}

/** Σ context tokens over every model call: what the agent pays input tokens for (0 when there are no calls). */
export function totalTokensSent(result: ReplayResult): number {
  return result.steps.reduce((sum, step) => sum + step.contextTokens, 0);
}

/**
 * A configuration's label: its own (trimmed by the schema), else the strategy id, followed by its overrides as
 * `key=value` in the order given (strings bare, anything else as JSON): `trim-messages maxConversationMessages=20`.
 */
export function compareLabel(config: Pick<CompareConfig, "label" | "strategy"> & Partial<Pick<CompareConfig, "summarizer" | "model">> & { settings?: Record<string, unknown> }): string {
  if (config.label) return config.label;
  const overrides = Object.entries(config.settings ?? {}).map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  // a configuration with its own summarizer is told apart by it: "pi · claude-haiku-4-5" vs "pi · qwen3:8b"
  const own = config.summarizer === undefined ? [] : [`· ${config.model ?? config.summarizer}`];
  return [config.strategy, ...overrides, ...own].join(" ");
}
