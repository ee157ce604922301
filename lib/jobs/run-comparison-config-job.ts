import { BadRequestError, UpstreamError } from "../api/contracts/errors";
import { CompareOptionsSchema, type CompareOptions } from "../api/contracts/compare-schemas";
import { countModelCalls } from "../engine/simulate/count-model-calls";
import { findStrategy } from "../engine/strategies";
import { JudgeRetentionError } from "../llm/judge-retention-error";
import { prepareComparisonSession } from "../compare/prepare-comparison-session";
import { replayConfig, type StoredCompareRow } from "../compare/replay-config";
import { buildSummarizer } from "../runs/build-summarizer";
import { RunCancelledError } from "../runs/run-registry";
import { runRequestOf } from "../runs/run-spec";
import { loadSessionCached } from "../runs/session-cache";
import { untilAborted } from "../runs/until-aborted";
import { getComparison } from "../store/comparisons";
import type { RunJob } from "../store/run-jobs";
import { isTransientDatabaseError } from "../store/database-unavailable";
import { finishRun } from "../store/runs";
import { progressWriter } from "./progress-writer";
import { resolveJudge } from "../compare/resolve-judge";

/**
 * Replays one (session, configuration) run of a comparison claimed by this worker: the comparison's options as they
 * came when it is pinned here (`compare`, its key in it), else as stored. Every failure ends the run with its row's
 * error — `cancelled` when the run's signal was aborted, the scrubbed upstream or judge message, else a generic line
 * (the error is logged) — except a judge failure that already stored the run `done` with its row.
 */
export async function runComparisonConfigJob(job: RunJob, comparisonId: string, context: { compare?: CompareOptions; signal: AbortSignal }): Promise<void> {
  const { signal } = context;
  const comparison = await getComparison(comparisonId);
  const compare: CompareOptions = context.compare ?? CompareOptionsSchema.parse(comparison.options);
  const strategy = findStrategy(job.strategyId);
  if (!strategy) throw new Error(`unknown strategy ${job.strategyId}`);
  const index = job.configIndex ?? 0;
  const planned = comparison.configs.find((config) => config.index === index);
  // a cancel stops the wait for the session at once (its load, shared with the comparison's other runs, goes on)
  const session = await untilAborted(loadSessionCached(job.sessionId), signal);
  const totalSteps = countModelCalls(session);
  const window = job.options.window as number;
  const progress = progressWriter(job.id, totalSteps);
  try {
    // the configuration's own summarizer, as its run was stored (a comparison may pair models)
    const summarizer = buildSummarizer(runRequestOf(job, { apiKey: compare.apiKey, openaiApiKey: compare.openaiApiKey }));
    const judge = resolveJudge(compare, { workerNote: "this worker has no ANTHROPIC_API_KEY" });
    const prepared = await prepareComparisonSession({ sessionId: job.sessionId, session, compare, window, signal });
    signal.throwIfAborted();
    await replayConfig({
      runId: job.id,
      sessionId: job.sessionId,
      session,
      config: { index, label: planned?.label ?? job.strategyId, strategy, settings: job.settings, overrides: {}, summarizer, ...(planned?.cell ? { cell: planned.cell } : {}) },
      compare,
      window,
      examWindow: typeof job.options.examWindow === "number" ? job.options.examWindow : window,
      ...prepared,
      judge,
      signal,
      onStep: (step) => progress.line({ type: "progress", step: step + 1, totalSteps }),
    });
  } catch (error) {
    // the database went away (a restart) or could not do it this time (a transaction timeout, a deadlock): not this
    // configuration's failure, the job goes back to the queue
    if (!signal.aborted && isTransientDatabaseError(error)) throw error;
    const reported: StoredCompareRow["error"] = signal.aborted
      ? { code: "cancelled", message: signal.reason instanceof RunCancelledError ? signal.reason.message : "The run was cancelled." }
      : reportedError(error, job.id);
    // a judge failure already stored the run `done` with its row (finishRun then leaves it alone)
    await finishRun(job.id, { status: signal.aborted ? "cancelled" : "failed", error: reported?.message ?? null, result: null, figures: null, row: { error: reported } });
  } finally {
    await progress.stop();
  }
}

/** What a client may read of a configuration's failure: the scrubbed upstream messages, else a generic line. */
function reportedError(error: unknown, runId: string): { code: string; message: string } {
  if (error instanceof UpstreamError) return { code: error.code, message: error.message };
  if (error instanceof JudgeRetentionError) return { code: "judge_failed", message: error.message };
  if (error instanceof BadRequestError) return { code: error.code, message: error.message };
  console.error(`[jobs] comparison run ${runId} failed:`, error);
  return { code: "internal", message: "The configuration failed on the server; the error was logged." };
}
