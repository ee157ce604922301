import type { CompareOptions, CompareRow } from "../api/contracts/compare-schemas";
import type { ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import type { Probe } from "../engine/evaluate/probe";
import { scoreRunRecall } from "../runs/score-run-recall";
import { scoreRetentionAsync } from "./score-retention-async";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { replaySession } from "../engine/simulate/replay-session";
import type { EstimatorChoice } from "../engine/tokens/create-estimator";
import { JudgeRetentionError } from "../llm/judge-retention-error";
import { finishRun } from "../store/runs";
import { sessionSummarizer } from "../runs/session-summarizer";
import { breakerOutcome, circuitBreakerSummarizer } from "../runs/summarizer-circuit-breaker";
import { buildCompareRow, totalTokensSent } from "./compare-row";
import { judgeFinalContext } from "./judge-final-context";
import type { JudgeChoice } from "./resolve-judge";
import type { PlannedConfig } from "./plan-comparison";
import { runFiguresOfRow } from "./run-figures-of-row";
import { priceRun, runSessionCache } from "../runs/price-run";

export interface ReplayConfigOptions {
  runId: string;
  sessionId: string;
  session: Session;
  config: PlannedConfig;
  compare: CompareOptions;
  window: number;
  estimator: EstimatorChoice;
  probes: readonly Probe[];
  /** `extractContinuationFacts(session)`, shared by the session's configurations */
  continuationFacts?: ContinuationFacts;
  /** the session's `none` replay (same window and estimator); reused as the result of a `none` at its defaults */
  baseline: ReplayResult;
  /** the smallest window of the comparison's settings on this session: where its exam starts (default: `window`) */
  examWindow?: number;
  /** who judges in judge mode (resolveJudge), else undefined */
  judge?: JudgeChoice;
  signal: AbortSignal;
  /** after each model call, with the 0-based step */
  onStep: (step: number) => void;
}

/**
 * One configuration on one session: replays it (a summarizer that calls a model under the per-session lock, after a
 * turn of the event loop), builds its compare row, asks the judge in judge mode, and stores the run `done` with its result and
 * figures in one update. Returns the row and the curve (context tokens per model call).
 *
 * Rejects when the signal fires (the caller stores the run `cancelled`) or the replay fails (`failed`). A judge
 * that fails after the replay succeeded leaves the run stored `done` and rejects with a JudgeRetentionError: the
 * configuration is reported as an error, but its run still opens in the playground.
 */
export async function replayConfig(options: ReplayConfigOptions): Promise<{ row: CompareRow; curve: number[] }> {
  const { config, compare, session, signal } = options;
  // this configuration's own breaker (see executeRun): a dead API costs 3 failed summaries, not one per compaction
  const breaker = circuitBreakerSummarizer({ summarizer: sessionSummarizer({ sessionId: options.sessionId, summarizer: config.summarizer.summarizer, callsModel: config.summarizer.model !== null }) });
  const result = isBaseline(config, options.baseline)
    ? options.baseline
    : await replaySession({
        session,
        strategy: config.strategy,
        settings: config.settings as Record<string, unknown>,
        window: options.window,
        outputReserve: compare.outputReserve,
        estimator: options.estimator,
        summarizer: breaker.summarizer,
        // a cache-aware strategy plans for the cache the comparison prices every row under
        sessionCache: runSessionCache(session, compare),
        signal,
        onStep: ({ step }) => options.onStep(step),
      });
  signal.throwIfAborted();
  // scored between turns of the event loop: thousands of trims on a long session score for tens of seconds, and a
  // cancel or this worker's heartbeat must not wait for it
  const retention = await scoreRetentionAsync({ session, result, probes: options.probes, signal });
  const breakerState = breaker.state();
  const continuationRecall = await scoreRunRecall({ session, result, baseline: options.baseline, examWindow: options.examWindow, facts: options.continuationFacts });
  signal.throwIfAborted();
  const costOptions = { costModel: compare.costModel, cacheProvider: compare.cacheProvider, cacheTtl: compare.cacheTtl, recordedRewrites: compare.recordedRewrites };
  const rowOptions = { label: config.label, session, result, probes: options.probes, continuationRecall, noneTotal: totalTokensSent(options.baseline), summarizer: config.summarizer.provider, model: config.summarizer.model, summarizerFailures: breakerState.failures, costOptions, retention };
  const row = buildCompareRow(rowOptions);
  // stored with each call's cache verdict, for the run's token chart
  const stored = priceRun({ session, result, cost: costOptions, summarizerModel: config.summarizer.model }).result;
  const figures = runFiguresOfRow({ row, baseline: options.baseline, model: config.summarizer.model });
  const unchangedFallbacks = result.events.filter((event) => event.type === "fallback" && event.outcome === "unchanged").length;
  const outcome = breakerOutcome(breakerState, { unchangedFallbacks });
  const curve = result.steps.map((step) => step.contextTokens);
  const cell = config.cell ? { cell: config.cell } : {};
  signal.throwIfAborted();
  // the row is stored with the run, in its one final write: a follower on any instance reads it from there
  const store = (storedRow: StoredCompareRow) => finishRun(options.runId, { status: outcome.status, error: outcome.error, result: stored, figures, row: storedRow });
  if (!options.judge) {
    await store({ row, curve, ...cell });
    return { row, curve };
  }
  let judged: CompareRow["judged"];
  try {
    judged = await judgeFinalContext({ session, result, probes: options.probes, judge: options.judge, signal });
  } catch (error) {
    if (!signal.aborted) await store({ row, curve, ...cell, error: error instanceof JudgeRetentionError ? { code: "judge_failed", message: error.message } : { code: "internal", message: "The judge failed on the server; the error was logged." } });
    throw error;
  }
  signal.throwIfAborted();
  await store({ row: { ...row, judged }, curve, ...cell });
  return { row: { ...row, judged }, curve };
}

/**
 * What a comparison's run stores beside its result (Run.row): its compare row and curve, the sweep cell, and the
 * error when the configuration failed after its replay (the judge) or before it (then without row).
 */
export interface StoredCompareRow {
  row?: CompareRow;
  curve?: number[];
  cell?: { x: unknown; y?: unknown };
  error?: { code: string; message: string };
}

/** `none` at its defaults is the baseline itself: not replayed twice. */
function isBaseline(config: PlannedConfig, baseline: ReplayResult): boolean {
  return config.strategy.id === baseline.strategyId && JSON.stringify(config.settings) === JSON.stringify(baseline.settings);
}
