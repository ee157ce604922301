import { cancelRequestedAmong, HEARTBEAT_MS, heartbeatRuns } from "../store/runs";
import { RunCancelledError } from "../runs/run-registry";

/** How often a worker reads its runs' cancel flags from the database (a cancel from any instance). */
export const CANCEL_POLL_MS = 100;

/**
 * While a worker replays `runIds`: reads their cancel flags every {@link CANCEL_POLL_MS} ms (one read at a time) and
 * aborts `controller` when one is set, and writes their heartbeat every {@link HEARTBEAT_MS} ms (so no other worker
 * takes them for a dead one's). Returns the function that stops watching.
 */
export function watchRuns(runIds: readonly string[], controller: AbortController): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastBeat = Date.now();
  const tick = async () => {
    if (stopped || controller.signal.aborted) return;
    try {
      if (Date.now() - lastBeat >= HEARTBEAT_MS) {
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
  };
}
