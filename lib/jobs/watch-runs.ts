import { cancelRequestedAmong, heartbeatIntervalMs, heartbeatRuns } from "../store/runs";
import { heartbeatThread } from "../store/heartbeat-thread";
import { RunCancelledError } from "../runs/run-registry";

/** How often a worker reads its runs' cancel flags from the database (a cancel from any instance). */
export const CANCEL_POLL_MS = 100;

/**
 * While the worker `claimedBy` replays `runIds`: reads their cancel flags every {@link CANCEL_POLL_MS} ms (one read at a time) and
 * aborts `controller` when one is set, and keeps their heartbeat fresh every LAB_HEARTBEAT_MS (so no other worker
 * takes them for a dead one's). The heartbeat is written by this process's heartbeat thread (lib/store/heartbeat-
 * thread.ts), on its own connection and only while the run is claimed by `claimedBy`, so it goes on while this thread's event loop is held by a session's load or a
 * replay; only when that thread cannot run (an in-memory database, a thread that failed) is it written from here.
 * Returns the function that stops watching.
 */
export function watchRuns(options: { runIds: readonly string[]; claimedBy: string; controller: AbortController }): () => void {
  const { runIds, controller } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const thread = heartbeatThread();
  const unwatch = thread?.watch({ runIds, claimedBy: options.claimedBy });
  const interval = heartbeatIntervalMs();
  let lastBeat = Date.now();
  const tick = async () => {
    if (stopped || controller.signal.aborted) return;
    try {
      if (!thread?.healthy() && Date.now() - lastBeat >= interval) {
        lastBeat = Date.now();
        await heartbeatRuns(runIds);
      }
      if ((await cancelRequestedAmong(runIds)).length > 0 && !controller.signal.aborted) {
        controller.abort(new RunCancelledError("cancel requested"));
        return;
      }
    } catch {
      // a failed read (the database briefly unreachable) is retried on the next tick; the run goes on
    }
    if (!stopped) timer = setTimeout(tick, CANCEL_POLL_MS);
  };
  timer = setTimeout(tick, CANCEL_POLL_MS);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unwatch?.();
  };
}
