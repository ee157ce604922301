import { BadRequestError } from "../api/errors";
import type { RunRequest, RunStreamLine } from "../api/run-schemas";
import { classifyMessages } from "../engine/simulate/classify-messages";
import { resolveWindow } from "../engine/simulate/resolve-window";
import { findStrategy } from "../engine/strategies";
import { resolveSettings } from "../engine/strategies/resolve-settings";
import { createRun } from "../store/runs";
import { buildSummarizer } from "./build-summarizer";
import { executeRun } from "./execute-run";
import { checkReplayEstimator } from "./resolve-estimator";
import { cancellableRunStream } from "./cancellable-run-stream";
import { loadSessionCached } from "./session-cache";

/**
 * Starts a compaction run of a stored session and returns its NDJSON stream (one {@link RunStreamLine} per
 * line: `started`, then `progress` / `event`, then `done` or `error`).
 *
 * Everything that can be refused is checked before the row is inserted, and throws: an unknown strategy or a bad
 * setting (400 naming it), an unknown session (404), an anthropic run or a count-tokens estimator without a key
 * (400, `missing_api_key`; the estimator's names the field `estimator`). The run then replays
 * in the background of the stream; it is aborted by `signal` (the request's: the client went away), by
 * `abortRun(runId)` (POST /api/runs/:id/cancel) or by the stream being cancelled, and stored as `cancelled`.
 * The per-request key lives only in the summarizer's closure: it is not in the stored options or any line.
 */
export async function startRun(options: { sessionId: string; request: RunRequest; signal?: AbortSignal }): Promise<ReadableStream<Uint8Array>> {
  const { request } = options;
  const strategy = findStrategy(request.strategy);
  if (!strategy) throw new BadRequestError("unknown_strategy", `Unknown strategy ${JSON.stringify(request.strategy)}.`, "strategy");
  const settings = resolveSettings(strategy, request.settings);
  const session = await loadSessionCached(options.sessionId);
  const { summarizer, model, promptOverrides } = buildSummarizer(request);
  checkReplayEstimator({ estimator: request.estimator, apiKey: request.apiKey });
  const window = resolveWindow(request.window, session.meta.contextWindow);
  const totalSteps = classifyMessages(session).filter((kind) => kind === "call").length;
  if (request.compactAtStep !== undefined && request.compactAtStep >= totalSteps) {
    throw new BadRequestError("invalid_step", `compactAtStep ${request.compactAtStep} is past the session's last model call (${totalSteps} calls).`, "compactAtStep");
  }
  const run = await createRun({
    sessionId: options.sessionId,
    strategyId: strategy.id,
    settings,
    options: {
      window,
      outputReserve: request.outputReserve,
      estimator: request.estimator,
      summarizer: request.summarizer,
      model,
      instructions: request.instructions ?? null,
      compactAtStep: request.compactAtStep ?? null,
      promptOverrides,
    },
  });

  return cancellableRunStream<RunStreamLine>({
    runIds: [run.id],
    signal: options.signal,
    work: ({ emit, signal }) => {
      emit({ type: "started", runId: run.id, totalSteps });
      return executeRun({ runId: run.id, sessionId: options.sessionId, session, strategy, settings, request, window, summarizer, model, totalSteps, signal, emit });
    },
  });
}
