import { BadRequestError, UpstreamError } from "../api/contracts/errors";
import type { CompareOptions } from "../api/contracts/compare-schemas";
import type { RunRequest } from "../api/contracts/run-schemas";
import { RunCancelledError, registerRun } from "../runs/run-registry";
import { isTransientDatabaseError } from "../store/database-unavailable";
import { releaseRun } from "../store/release-run";
import { retryWhileUnavailable } from "../store/retry-while-unavailable";
import { claimRun, getRunJob, runStatus } from "../store/run-jobs";
import { cancelRequestedAmong, finishRun } from "../store/runs";
import { runComparisonConfigJob } from "./run-comparison-config-job";
import { runSingleJob } from "./run-single-job";
import { watchRuns } from "./watch-runs";
import { pinnedWorkerId } from "./run-pinned";

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
  const controller = new AbortController();
  // watched from before the claim: the heartbeat thread beats for the run as soon as the claim is written (its
  // write is conditional on this worker's claim), not after the reads that follow it, which a busy database or
  // event loop can hold for seconds
  const claimedBy = options.pinned === undefined ? options.workerId : pinnedWorkerId();
  const stopWatching = watchRuns({ runIds: [runId], claimedBy, controller });
  try {
    return await claimAndRun(options, controller);
  } finally {
    stopWatching();
  }
}

async function claimAndRun(options: { runId: string; workerId: string; pinned?: PinnedRequest }, controller: AbortController): Promise<JobOutcome> {
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
  const unregister = registerRun(runId, controller);
  try {
    if (job.comparisonId === null) await runSingleJob(job, { request: options.pinned?.request, signal: controller.signal });
    else await runComparisonConfigJob(job, job.comparisonId, { compare: options.pinned?.compare, signal: controller.signal });
  } catch (error) {
    // the database went away under the job (a restart) or could not do it this time (a transaction timeout, a
    // deadlock): not the run's fault — it goes back to the queue, and the queue tries the job again once the
    // database answers (a pinned run: its caller replays it again)
    if (!controller.signal.aborted && isTransientDatabaseError(error)) {
      if (options.pinned === undefined) await retryWhileUnavailable(() => releaseRun(runId, options.workerId), { what: `releasing run ${runId}` }).catch(() => undefined);
      throw error;
    }
    // cancelled before its replay began (while its session loaded): ended as cancelled, nothing to log
    if (controller.signal.aborted) {
      const reason = controller.signal.reason instanceof RunCancelledError ? controller.signal.reason.message : "The run was cancelled.";
      await finishRun(runId, { status: "cancelled", error: reason, result: null, figures: null, row: job.comparisonId ? { error: { code: "cancelled", message: reason } } : undefined });
      return "done";
    }
    // only bookkeeping can get here (a missing session, a stored request that no longer parses): end the run
    const known = error instanceof UpstreamError || error instanceof BadRequestError;
    const message = known ? error.message : "The run failed on the server; the error was logged.";
    if (!known) console.error(`[jobs] run ${runId} failed:`, error);
    await finishRun(runId, { status: "failed", error: message, result: null, figures: null, row: job.comparisonId ? { error: { code: "failed", message } } : undefined });
  } finally {
    unregister();
  }
  return "done";
}
