import type { RunStreamLine } from "../api/contracts/run-schemas";
import { presentRunSummary } from "../present/present-run";
import { queuePosition, readRunState } from "../store/run-jobs";
import { getRunEnd } from "../store/runs";
import { pollingStream } from "./polling-stream";
import { retryWhileUnavailable } from "../store/retry-while-unavailable";

const ENDED = new Set(["done", "degraded", "failed", "cancelled", "interrupted"]);

/** True for a run status that will not change again. */
export function isEnded(status: string): boolean {
  return ENDED.has(status);
}

/**
 * Follows a stored run from the database, wherever it replays, as an NDJSON stream of {@link RunStreamLine}s:
 * `started`, `queued` (its position among the queued runs, whenever it changes) while no worker has it, `progress`
 * and `event` lines from its live progress row, then `done` (done, degraded) or `error` with the stored run. Any web
 * instance can follow any run, after a reload too. Closing the stream (`signal`, or the reader cancelling) stops
 * following only: the run goes on. `limit` is shown beside a queue position (the workers' concurrency here).
 */
export function followRun(options: { runId: string; totalSteps: number; signal?: AbortSignal; limit: number }): ReadableStream<Uint8Array> {
  return pollingStream<RunStreamLine>({
    signal: options.signal,
    async *lines() {
      yield { type: "started", runId: options.runId, totalSteps: options.totalSteps };
      let position: number | null = null;
      let step = -1;
      let eventCount = 0;
      for (;;) {
        const state = (await retryWhileUnavailable(() => readRunState([options.runId]), { what: "following a run", signal: options.signal })).get(options.runId);
        if (!state) {
          yield { type: "error", error: { code: "not_found:run", message: "The run was deleted." }, run: null };
          return;
        }
        if (state.status === "queued") {
          const queued = await retryWhileUnavailable(() => queuePosition(options.runId), { what: "following a run", signal: options.signal });
          if (queued && queued.position !== position) {
            position = queued.position;
            yield { type: "queued", position, limit: options.limit };
          }
        }
        const progress = state.progress;
        if (progress) {
          if (progress.eventCount > eventCount) {
            const fresh = progress.events.slice(Math.max(0, progress.events.length - (progress.eventCount - eventCount)));
            eventCount = progress.eventCount;
            for (const event of fresh) yield { type: "event", event };
          }
          if (progress.step !== step && progress.step > 0) {
            step = progress.step;
            yield { type: "progress", step, totalSteps: progress.totalSteps };
          }
        }
        if (isEnded(state.status)) {
          const { run: record, errorCode } = await retryWhileUnavailable(() => getRunEnd(options.runId), { what: "following a run", signal: options.signal });
          const run = presentRunSummary(record);
          if (run.status === "done" || run.status === "degraded") yield { type: "done", run };
          else yield { type: "error", error: { code: errorCode ?? run.status, message: run.error ?? run.status }, run };
          return;
        }
        yield null;
      }
    },
  });
}

