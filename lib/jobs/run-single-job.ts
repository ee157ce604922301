import type { RunRequest } from "../api/contracts/run-schemas";
import { countModelCalls } from "../engine/simulate/count-model-calls";
import { findStrategy } from "../engine/strategies";
import { buildSummarizer } from "../runs/build-summarizer";
import { executeRun } from "../runs/execute-run";
import { runRequestOf } from "../runs/run-spec";
import { loadSessionCached } from "../runs/session-cache";
import { untilAborted } from "../runs/until-aborted";
import type { RunJob } from "../store/run-jobs";
import { finishRun } from "../store/runs";
import { progressWriter } from "./progress-writer";

/**
 * Replays a run of its own (not a comparison's) claimed by this worker: the request as it came when the run is
 * pinned here (`request`, its key in it), else rebuilt from the stored spec. A worker without the key an anthropic
 * run needs ends it `failed` with the reason; everything else is executeRun's (it stores the result once).
 */
export async function runSingleJob(job: RunJob, context: { request?: RunRequest; signal: AbortSignal }): Promise<void> {
  const strategy = findStrategy(job.strategyId);
  if (!strategy) throw new Error(`unknown strategy ${job.strategyId}`);
  const stored = job.options;
  const request: RunRequest = context.request ?? runRequestOf(job);
  // a cancel stops the wait for the session at once (its load, shared through the session cache, goes on)
  const session = await untilAborted(loadSessionCached(job.sessionId), context.signal);
  const totalSteps = countModelCalls(session);
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
