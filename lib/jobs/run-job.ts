import { BadRequestError, UpstreamError } from "../api/contracts/errors";
import { CompareOptionsSchema, type CompareOptions } from "../api/contracts/compare-schemas";
import { RunRequestSchema, type RunRequest, type RunStreamLine } from "../api/contracts/run-schemas";
import { extractProbes } from "../engine/evaluate/extract-probes";
import type { Probe } from "../engine/evaluate/probe";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { classifyMessages } from "../engine/simulate/classify-messages";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import { noneStrategy } from "../engine/strategies/none";
import type { EstimatorChoice } from "../engine/tokens/create-estimator";
import { JudgeRetentionError } from "../llm/judge-retention-error";
import { replayConfig, type StoredCompareRow } from "../compare/replay-config";
import { buildSummarizer } from "../runs/build-summarizer";
import { executeRun } from "../runs/execute-run";
import { resolveReplayEstimator } from "../runs/resolve-estimator";
import { RunCancelledError, registerRun } from "../runs/run-registry";
import { loadSessionCached } from "../runs/session-cache";
import { getComparison } from "../store/comparisons";
import { isDatabaseUnavailable } from "../store/database-unavailable";
import { releaseRun } from "../store/release-run";
import { retryWhileUnavailable } from "../store/retry-while-unavailable";
import { claimRun, getRunJob, PROGRESS_EVENTS_KEPT, runStatus, writeRunProgress, type RunJob, type RunProgress } from "../store/run-jobs";
import { cancelRequestedAmong, finishRun, sessionFingerprint } from "../store/runs";
import { listUserProbes, type UserProbeRecord } from "../store/user-probes";
import { watchRuns } from "./watch-runs";

/** Live progress is written at most this often per run (followers poll it). */
export const PROGRESS_WRITE_MS = 400;

/**
 * The request as it came, for a run pinned to this process (its key is in it): replayed exactly as asked. A job
 * from the queue is rebuilt from its stored request instead (which never holds a key).
 */
export interface PinnedRequest {
  request?: RunRequest;
  compare?: CompareOptions;
}

/** How a job attempt went: `done` (the run ended, by this worker or before it), `busy` (alive on another worker: retry later). */
export type JobOutcome = "done" | "busy";

/**
 * Executes one job — one stored run, alone or a comparison's (session, configuration) — in this process: claims it
 * (unless `pinned`: the caller created it `running` for itself), replays it under a heartbeat and the run's cancel
 * flag (polled from the database, so a cancel from any instance stops it within a second), writes its live
 * progress, and ends it with one conditional write (finishRun: exactly once, whoever else replayed it). The key,
 * when the request brought one, is `apiKey`: only ever in this closure. Never rejects on a replay failure (the run
 * is stored `failed` with the reason); rejects only when the database is unreachable, so the queue retries.
 */
export async function runJob(options: { runId: string; workerId: string; pinned?: PinnedRequest }): Promise<JobOutcome> {
  const { runId } = options;
  if (options.pinned === undefined) {
    const claim = await claimRun(runId, options.workerId);
    if (!claim) {
      const status = await runStatus(runId);
      return status === "running" ? "busy" : "done";
    }
  }
  const job = await getRunJob(runId);
  if (!job) return "done";
  // cancelled while it waited (a pinned run behind others of its comparison): it ends without replaying
  if ((await cancelRequestedAmong([runId])).length > 0) {
    const reason = new RunCancelledError("cancel requested").message;
    await finishRun(runId, { status: "cancelled", error: reason, result: null, figures: null, row: job.comparisonId ? { error: { code: "cancelled", message: reason } } : undefined });
    return "done";
  }
  const controller = new AbortController();
  const unregister = registerRun(runId, controller);
  const stopWatching = watchRuns([runId], controller);
  try {
    if (job.comparisonId === null) await runSingle(job, { request: options.pinned?.request, signal: controller.signal });
    else await runComparisonConfig(job, job.comparisonId, { compare: options.pinned?.compare, signal: controller.signal });
  } catch (error) {
    // the database went away under the job (a restart): not the run's fault — it goes back to the queue, and the
    // queue tries the job again once the database answers (a pinned run: its caller replays it again)
    if (!controller.signal.aborted && isDatabaseUnavailable(error)) {
      if (options.pinned === undefined) await retryWhileUnavailable(() => releaseRun(runId, options.workerId), { what: `releasing run ${runId}` }).catch(() => undefined);
      throw error;
    }
    // only bookkeeping can get here (a missing session, a stored request that no longer parses): end the run
    const known = error instanceof UpstreamError || error instanceof BadRequestError;
    const message = known ? error.message : "The run failed on the server; the error was logged.";
    if (!known) console.error(`[jobs] run ${runId} failed:`, error);
    await finishRun(runId, { status: controller.signal.aborted ? "cancelled" : "failed", error: message, result: null, figures: null, row: job.comparisonId ? { error: { code: "failed", message } } : undefined });
  } finally {
    stopWatching();
    unregister();
  }
  return "done";
}

async function runSingle(job: RunJob, context: { request?: RunRequest; signal: AbortSignal }): Promise<void> {
  const strategy = findStrategy(job.strategyId);
  if (!strategy) throw new Error(`unknown strategy ${job.strategyId}`);
  const stored = job.options;
  const request: RunRequest = context.request ?? RunRequestSchema.parse({
    strategy: job.strategyId,
    settings: job.settings,
    window: stored.window,
    outputReserve: stored.outputReserve,
    estimator: stored.estimator,
    summarizer: stored.summarizer,
    ...(stored.model ? { model: stored.model } : {}),
    ...(stored.instructions ? { instructions: stored.instructions } : {}),
    ...(stored.compactAtStep !== null && stored.compactAtStep !== undefined ? { compactAtStep: stored.compactAtStep } : {}),
    ...(stored.promptOverrides ? { promptOverrides: stored.promptOverrides } : {}),
  });
  const session = await loadSessionCached(job.sessionId);
  const totalSteps = classifyMessages(session).filter((kind) => kind === "call").length;
  const progress = progressWriter(job.id, totalSteps);
  let summarizer;
  try {
    summarizer = buildSummarizer(request);
  } catch (error) {
    // a worker without the server key cannot run an anthropic run: the reason is the run's error
    await finishRun(job.id, { status: "failed", error: error instanceof Error ? error.message : String(error), result: null, figures: null });
    return;
  }
  await executeRun({
    runId: job.id,
    sessionId: job.sessionId,
    session,
    strategy,
    settings: job.settings,
    request,
    window: request.window ?? (stored.window as number),
    summarizer: summarizer.summarizer,
    model: summarizer.model,
    totalSteps,
    signal: context.signal,
    emit: progress.line,
    beforeFinish: progress.flushNow,
  });
  await progress.stop();
}

async function runComparisonConfig(job: RunJob, comparisonId: string, context: { compare?: CompareOptions; signal: AbortSignal }): Promise<void> {
  const { signal } = context;
  const comparison = await getComparison(comparisonId);
  const compare: CompareOptions = context.compare ?? CompareOptionsSchema.parse(comparison.options);
  const strategy = findStrategy(job.strategyId);
  if (!strategy) throw new Error(`unknown strategy ${job.strategyId}`);
  const index = job.configIndex ?? 0;
  const planned = comparison.configs.find((config) => config.index === index);
  const session = await loadSessionCached(job.sessionId);
  const totalSteps = classifyMessages(session).filter((kind) => kind === "call").length;
  const window = job.options.window as number;
  const progress = progressWriter(job.id, totalSteps);
  try {
    const summarizer = buildSummarizer({
      strategy: job.strategyId,
      settings: job.settings,
      window,
      outputReserve: compare.outputReserve,
      estimator: compare.estimator,
      summarizer: compare.summarizer,
      model: compare.model,
      apiKey: compare.apiKey,
      ...(job.options.promptOverrides ? { promptOverrides: job.options.promptOverrides as RunRequest["promptOverrides"] } : {}),
    });
    const judgeApiKey = compare.judge ? (compare.apiKey ?? process.env.ANTHROPIC_API_KEY) : undefined;
    if (compare.judge && !judgeApiKey) throw new BadRequestError("missing_api_key", "The LLM-judged retention asks a model: this worker has no ANTHROPIC_API_KEY.", "judge");
    const prepared = await prepareSession({ sessionId: job.sessionId, session, compare, window, signal });
    signal.throwIfAborted();
    await replayConfig({
      runId: job.id,
      sessionId: job.sessionId,
      session,
      config: { index, label: planned?.label ?? job.strategyId, strategy, settings: job.settings, overrides: {}, summarizer, ...(planned?.cell ? { cell: planned.cell } : {}) },
      compare,
      window,
      ...prepared,
      judgeApiKey,
      signal,
      onStep: (step) => progress.line({ type: "progress", step: step + 1, totalSteps }),
    });
  } catch (error) {
    if (!signal.aborted && isDatabaseUnavailable(error)) throw error;
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

interface PreparedSession {
  estimator: EstimatorChoice;
  probes: readonly Probe[];
  baseline: ReplayResult;
}

/** Per process and for speed only: the estimator, probes and `none` replay every configuration of a session shares. */
const preparedCache = new Map<string, Promise<PreparedSession>>();
const PREPARED_CACHE_SIZE = 8;

/**
 * What every configuration of a session shares: the estimator (count-tokens counts the session), the probes (the
 * user's included) and the `none` replay the rows' `tokensSavedVsNone` is measured against. Cached per process by
 * the session's fingerprint, its probes, the window and the estimator, so K workers each compute it once per session.
 */
async function prepareSession(options: { sessionId: string; session: Session; compare: CompareOptions; window: number; signal: AbortSignal }): Promise<PreparedSession> {
  const { compare } = options;
  const userProbes: readonly UserProbeRecord[] = await listUserProbes(options.sessionId);
  const key = JSON.stringify([options.sessionId, await sessionFingerprint(options.sessionId), userProbes.map((probe) => [probe.id, probe.kind, probe.pattern]), options.window, compare.outputReserve, compare.estimator, compare.model ?? null]);
  const cached = preparedCache.get(key);
  if (cached) {
    preparedCache.delete(key);
    preparedCache.set(key, cached);
    return cached;
  }
  const prepared = (async () => {
    const estimator = await resolveReplayEstimator({ estimator: compare.estimator, session: options.session, apiKey: compare.apiKey, model: compare.model, signal: options.signal });
    const probes = extractProbes(options.session, { userProbes });
    await new Promise((resolve) => setImmediate(resolve));
    const baseline = await replaySession({ session: options.session, strategy: noneStrategy, window: options.window, outputReserve: compare.outputReserve, estimator, signal: options.signal });
    return { estimator, probes, baseline };
  })();
  preparedCache.set(key, prepared);
  prepared.catch(() => preparedCache.delete(key));
  while (preparedCache.size > PREPARED_CACHE_SIZE) preparedCache.delete(preparedCache.keys().next().value as string);
  return prepared;
}

/**
 * Collects a run's progress and event lines and writes them to its row at most every {@link PROGRESS_WRITE_MS} ms
 * (one write in flight), for followers on any instance; the events without their summaries, the last
 * {@link PROGRESS_EVENTS_KEPT} only.
 */
function progressWriter(runId: string, totalSteps: number) {
  const state: RunProgress = { step: 0, totalSteps, eventCount: 0, events: [] };
  let dirty = true;
  let writing: Promise<void> | null = null;
  let lastWrite = 0;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(trailing);
    trailing = undefined;
    if (!dirty) return;
    if (writing) {
      // what changed during a write goes out right after it
      trailing = setTimeout(flush, PROGRESS_WRITE_MS);
      return;
    }
    dirty = false;
    lastWrite = performance.now();
    writing = writeRunProgress(runId, { ...state, events: [...state.events] })
      .catch(() => undefined)
      .finally(() => {
        writing = null;
      });
  };
  flush();
  return {
    line(line: RunStreamLine) {
      if (line.type === "progress") {
        state.step = line.step;
        state.totalSteps = line.totalSteps;
      } else if (line.type === "event") {
        const { summary: _summary, ...event } = line.event;
        state.eventCount++;
        state.events.push(event);
        if (state.events.length > PROGRESS_EVENTS_KEPT) state.events.shift();
      } else return;
      dirty = true;
      const wait = PROGRESS_WRITE_MS - (performance.now() - lastWrite);
      if (wait <= 0) flush();
      // the last lines before a long pause (a summary call) are written within PROGRESS_WRITE_MS too
      else trailing ??= setTimeout(flush, wait);
    },
    async stop() {
      clearTimeout(trailing);
      await writing;
    },
    /** writes what is pending now (after any write in flight) */
    async flushNow() {
      clearTimeout(trailing);
      await writing;
      if (!dirty) return;
      flush();
      await writing;
      clearTimeout(trailing);
    },
  };
}
