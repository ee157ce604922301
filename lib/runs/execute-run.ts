import { isTransientDatabaseError } from "../store/database-unavailable";
import { UpstreamError } from "../api/contracts/errors";
import type { RunRequest, RunStreamLine } from "../api/contracts/run-schemas";
import { presentRunSummary } from "../present/present-run";
import type { Session } from "../engine/model";
import { replaySession } from "../engine/simulate/replay-session";
import type { AnyStrategy } from "../engine/strategies/strategy";
import type { Summarizer } from "../engine/summarize/summarizer";
import { finishRun, getRunRecord, type RunFigures, type RunRecord } from "../store/runs";
import { RunCancelledError } from "./run-registry";
import { sessionSummarizer } from "./session-summarizer";
import { computeRunFigures } from "./run-figures";
import { sessionContinuationFacts } from "./session-continuation-facts";
import { priceRun, runSessionCache } from "./price-run";
import { slimReplayEvent } from "./slim-run-result";
import { COUNT_TOKENS_ESTIMATOR, resolveReplayEstimator } from "./resolve-estimator";
import { breakerOutcome, circuitBreakerSummarizer, type CIRCUIT_BREAKER_THRESHOLD } from "./summarizer-circuit-breaker";

/** Progress lines are sent at most this often (the replay itself reports every step). */
export const PROGRESS_INTERVAL_MS = 100;

export interface ExecuteRunOptions {
  runId: string;
  sessionId: string;
  session: Session;
  strategy: AnyStrategy;
  /** validated settings */
  settings: object;
  request: RunRequest;
  window: number;
  summarizer: Summarizer;
  /** the billed model, null for the extractive summarizer */
  model: string | null;
  totalSteps: number;
  signal: AbortSignal;
  /** every line after `started`: progress, events, then exactly one `done` or `error` */
  emit: (line: RunStreamLine) => void;
  /** awaited before the run's final write (a job's worker writes its last progress and events there first) */
  beforeFinish?: () => Promise<void>;
}

/**
 * Replays a stored run (already inserted as `running`) and ends it with ONE update: `done` with the result and
 * figures, `cancelled` when the signal fired (a cancel request or the client going away), `failed` on anything
 * else. A summarizer that fails is not retried forever: the run's circuit breaker stops calling it after
 * {@link CIRCUIT_BREAKER_THRESHOLD} failures in a row, the replay records each failed compaction as a fallback
 * event, and the run is stored `degraded` (the strategy's fallback applied) or `failed` (it had none) with the
 * upstream status and message as its error, and its result and figures. Rejects only on a transient database error
 * (isTransientDatabaseError: unreachable, a transaction timeout, a deadlock) — the job layer re-queues the run then.
 *
 * Event lines carry summaries cut like the timeline view's (`slimReplayEvent`: 12,000 characters and
 * `summaryChars`, the full length): an extractive summary grows with every compaction, and streaming each whole
 * made a 2,000-message opencode run's stream 18.9 MB, of which the client shows none (its log drops summaries;
 * the chart and timeline load GET /api/runs/:id/timeline after `done`). The stored result is never cut.
 *
 * The count-tokens estimator counts the session first (an event line before and after); if count_tokens fails
 * the run ends `failed` with an error line of code `count_tokens_failed` saying why, and no result is stored.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<RunRecord | null> {
  const { runId, signal, emit } = options;
  let end: { status: "done" | "degraded" | "failed" | "cancelled"; error: string | null; figures: RunFigures | null; result: Awaited<ReturnType<typeof replaySession>> | null };
  // this run's own breaker: 3 failed summaries in a row and the rest of the run falls back without calling
  const breaker = circuitBreakerSummarizer({ summarizer: sessionSummarizer({ sessionId: options.sessionId, summarizer: options.summarizer, callsModel: options.model !== null }) });
  /** the error line's code when it is more specific than the status */
  let errorCode: string | null = null;
  try {
    if (options.request.estimator === COUNT_TOKENS_ESTIMATOR) {
      emit({ type: "event", event: { type: "precount", message: `counting ${options.session.messages.length} messages with Anthropic count_tokens` } });
    }
    const estimator = await resolveReplayEstimator({
      estimator: options.request.estimator,
      session: options.session,
      apiKey: options.request.apiKey,
      model: options.request.model,
      signal,
      onPrecounted: ({ parts, counted }) => emit({ type: "event", event: { type: "precount", message: `count_tokens: ${parts} parts, ${counted} requests` } }),
    });
    let lastProgressAt = 0;
    const result = await replaySession({
      session: options.session,
      strategy: options.strategy,
      settings: options.settings as Record<string, unknown>,
      window: options.window,
      outputReserve: options.request.outputReserve,
      estimator,
      summarizer: breaker.summarizer,
      forceAtStep: options.request.compactAtStep,
      // a cache-aware strategy plans for the cache the run is priced under (its cost model, provider and TTL)
      sessionCache: runSessionCache(options.session, options.request),
      signal,
      // a streamed line carries at most the timeline's share of a summary (the stored result keeps it whole)
      onEvent: (event) => emit({ type: "event", event: { ...slimReplayEvent(event) } }),
      onStep: ({ step }) => {
        const now = performance.now();
        if (now - lastProgressAt < PROGRESS_INTERVAL_MS && step !== options.totalSteps - 1) return;
        lastProgressAt = now;
        emit({ type: "progress", step: step + 1, totalSteps: options.totalSteps });
      },
    });
    const breakerState = breaker.state();
    const priced = priceRun({ session: options.session, result, cost: options.request, summarizerModel: options.model });
    const continuationFacts = await sessionContinuationFacts({ sessionId: options.sessionId, session: options.session });
    const figures = await computeRunFigures({ session: options.session, result, estimator, model: options.model, summarizerFailures: breakerState.failures, cost: priced.cost, continuationFacts });
    signal.throwIfAborted();
    const unchangedFallbacks = result.events.filter((event) => event.type === "fallback" && event.outcome === "unchanged").length;
    const outcome = breakerOutcome(breakerState, { unchangedFallbacks });
    if (outcome.status !== "done") errorCode = breakerState.open ? "summarizer_circuit_open" : "summarizer_failed";
    end = { status: outcome.status, error: outcome.error, figures, result: priced.result };
  } catch (error) {
    // the database could not answer this time: not the run's failure — the job goes back to the queue (run-job.ts)
    if (!signal.aborted && isTransientDatabaseError(error)) throw error;
    if (signal.aborted) {
      const reason = signal.reason instanceof RunCancelledError ? signal.reason.message : "The run was cancelled.";
      end = { status: "cancelled", error: reason, figures: null, result: null };
    } else if (error instanceof UpstreamError) {
      // a service the run depends on failed (count_tokens): the message says why and holds no key or content
      console.error(`[runs] run ${runId} failed: ${error.code}: ${error.message}`);
      errorCode = error.code;
      end = { status: "failed", error: error.message, figures: null, result: null };
    } else {
      console.error(`[runs] run ${runId} failed:`, error);
      end = { status: "failed", error: "The run failed on the server; the error was logged.", figures: null, result: null };
    }
  }
  try {
    await options.beforeFinish?.().catch(() => undefined);
    const run = (await finishRun(runId, { ...end, errorCode })) ?? (await getRunRecord(runId));
    // a degraded run finished, on the strategy's fallback: `done` line, the run says its status and why
    // as stored: a cancel recorded just before the final write wins over a replay that had finished
    if (run.status === "done" || run.status === "degraded") emit({ type: "done", run: presentRunSummary(run) });
    else if (run.status === "cancelled" && end.status !== "cancelled") emit({ type: "error", error: { code: "cancelled", message: run.error ?? "cancelled" }, run: presentRunSummary(run) });
    else emit({ type: "error", error: { code: errorCode ?? end.status, message: end.error ?? end.status }, run: presentRunSummary(run) });
    return run;
  } catch (error) {
    console.error(`[runs] run ${runId} could not be stored:`, error);
    emit({ type: "error", error: { code: "internal", message: "The run could not be stored; the error was logged." }, run: null });
    return null;
  }
}
