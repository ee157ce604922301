import { BadRequestError } from "../api/contracts/errors";
import type { RunRequest } from "../api/contracts/run-schemas";
import { countModelCalls } from "../engine/simulate/count-model-calls";
import { resolveWindow } from "../engine/simulate/resolve-window";
import { findStrategy } from "../engine/strategies";
import { resolveSettings } from "../engine/strategies/resolve-settings";
import { createRun } from "../store/runs";
import { assertMaySend } from "../runs/assert-may-send";
import { buildSummarizer } from "../runs/build-summarizer";
import { checkReplayEstimator } from "../runs/resolve-estimator";
import { ensureWebWorkers, workerConcurrency } from "./job-queue";
import { followRun } from "./follow-run";
import { pinnedWorkerId, runPinned } from "./run-pinned";
import { runSpecOf } from "../runs/run-spec";
import { loadSessionCached } from "../runs/session-cache";

/**
 * Starts a compaction run of a stored session as a job (issue #11) and returns its id and the NDJSON stream that
 * follows it from the database (one {@link RunStreamLine} per line: `started`, `queued` while it waits for a
 * worker, then `progress` / `event`, then `done` or `error`; see lib/jobs/follow-run.ts).
 *
 * Everything that can be refused is checked before the row is inserted, and throws: an unknown strategy or a bad
 * setting (400 naming it), an unknown session (404), an anthropic run or a count-tokens estimator without a key
 * (400, `missing_api_key`; the estimator's names the field `estimator`), a step past the last call (400). The run
 * is then stored `queued` for any worker — it survives the request: closing the stream does not cancel it, POST
 * /api/runs/:id/cancel does. A run whose key came with the request is replayed by this process only (the key is
 * never stored, so no other worker could use it): it is stored `running`, pinned here, and lost with this process
 * (`interrupted`, see recoverStaleRuns).
 */
export async function startRun(options: { sessionId: string; request: RunRequest; signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>> {
  const { request } = options;
  const strategy = findStrategy(request.strategy);
  if (!strategy) throw new BadRequestError("unknown_strategy", `Unknown strategy ${JSON.stringify(request.strategy)}.`, "strategy");
  const settings = resolveSettings(strategy, request.settings);
  const session = await loadSessionCached(options.sessionId);
  const summarizer = buildSummarizer(request);
  checkReplayEstimator({ estimator: request.estimator, apiKey: request.apiKey });
  await assertMaySend({ sessionIds: [options.sessionId], request });
  const window = resolveWindow(request.window, session.meta.contextWindow);
  const totalSteps = countModelCalls(session);
  if (request.compactAtStep !== undefined && request.compactAtStep >= totalSteps) {
    throw new BadRequestError("invalid_step", `compactAtStep ${request.compactAtStep} is past the session's last model call (${totalSteps} calls).`, "compactAtStep");
  }
  const queue = await ensureWebWorkers();
  const pinned = request.apiKey !== undefined || request.openaiApiKey !== undefined;
  const run = await createRun({
    sessionId: options.sessionId,
    ...runSpecOf({ ...request, strategy: strategy.id }, { settings, window, summarizer }),
    ...(pinned ? { status: "running" as const, claimedBy: pinnedWorkerId() } : {}),
  });
  if (pinned) runPinned([run.id], { request });
  else await queue.enqueue([run.id]);
  return followRun({ runId: run.id, totalSteps, signal: options.signal, limit: workerConcurrency() });
}
