import os from "node:os";
import { runSlots } from "../runs/run-slots";
import { runJob, type PinnedRequest } from "./run-job";
import { watchRuns } from "./watch-runs";
import { retryWhileUnavailable } from "../store/retry-while-unavailable";

/** The claim of a run only this process may replay (its key came with the request); recoverStaleRuns never re-queues it. */
export function pinnedWorkerId(): string {
  return `pinned:${os.hostname()}:${process.pid}`;
}

/**
 * Replays runs stored `running` and pinned to this process, one after another, in one of this process's run slots
 * (LAB_MAX_CONCURRENT_RUNS). The per-request key lives in this closure only: never in the database or the queue.
 */
export function runPinned(runIds: readonly string[], pinned: PinnedRequest): void {
  // their heartbeat while they wait for a slot and for one another, so no sweep takes them for a dead process's
  const stopBeating = watchRuns({ runIds, claimedBy: pinnedWorkerId(), controller: new AbortController() });
  void (async () => {
    const release = await runSlots().acquire();
    try {
      for (const runId of runIds) {
        await retryWhileUnavailable(() => runJob({ runId, workerId: pinnedWorkerId(), pinned }), { what: `pinned run ${runId}` }).catch((error: unknown) => console.error(`[jobs] pinned run ${runId}:`, error));
      }
    } finally {
      stopBeating();
      release();
    }
  })();
}
