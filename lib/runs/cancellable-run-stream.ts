import { cancelRequestedAmong, HEARTBEAT_MS, heartbeatRuns } from "../store/runs";
import type { QueuedLine } from "../api/run-schemas";
import { RunCancelledError, registerRun } from "./run-registry";
import { runSlots, type RunSlots } from "./run-slots";

/** How often a replaying stream reads its runs' cancel flags from the database (a cancel from any instance). */
export const CANCEL_POLL_MS = 250;

/**
 * The NDJSON stream of stored runs being replayed (a single run, or every run of a comparison). One abort signal
 * stops the work, fired by any of: a cancel of one of `runIds` (POST /api/runs/:id/cancel: at once through the run
 * registry when it reached this process, else within {@link CANCEL_POLL_MS} ms through the row's cancel flag,
 * whichever server instance received it), the request's `signal` (the client went away), or the stream being
 * cancelled (the client stopped reading). `work` gets `emit`, which writes one JSON line while the stream is open
 * and is a no-op after; the stream closes when `work` settles (it must not reject: it reports its own failures as
 * lines).
 *
 * `work` starts when one of this process's run slots is free (`slots`, default {@link runSlots}:
 * LAB_MAX_CONCURRENT_RUNS); until then the stream sends `queued` lines with the position, and a cancel while
 * queued starts `work` at once with the aborted signal, so it stores its runs `cancelled` as usual.
 */
export function cancellableRunStream<Line extends { type: string }>(options: {
  runIds: readonly string[];
  signal?: AbortSignal;
  work: (context: { emit: (line: Line) => void; signal: AbortSignal }) => Promise<unknown>;
  slots?: RunSlots;
}): ReadableStream<Uint8Array> {
  const controller = new AbortController();
  const unregister = options.runIds.map((runId) => registerRun(runId, controller));
  const onClientAbort = () => controller.abort(new RunCancelledError("the client disconnected"));
  options.signal?.addEventListener("abort", onClientAbort, { once: true });
  if (options.signal?.aborted) onClientAbort();
  const stopPolling = pollCancelFlags(options.runIds, controller);
  const encoder = new TextEncoder();
  let open = true;

  return new ReadableStream<Uint8Array>({
    start(stream) {
      const emit = (line: Line) => {
        if (open) stream.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      const slots = options.slots ?? runSlots;
      const queued = (position: number, limit: number) => emit({ type: "queued", position, limit } satisfies QueuedLine as unknown as Line);
      const started = slots.acquire({ signal: controller.signal, onQueued: queued }).then(
        (release) => release,
        () => null,
      );
      void started
        .then(async (release) => {
          try {
            await options.work({ emit, signal: controller.signal });
          } finally {
            release?.();
          }
        })
        .finally(() => {
        stopPolling();
        for (const release of unregister) release();
        options.signal?.removeEventListener("abort", onClientAbort);
        if (open) stream.close();
        open = false;
      });
    },
    cancel() {
      open = false;
      controller.abort(new RunCancelledError("the client stopped reading"));
    },
  });
}

/**
 * Reads the runs' cancel flags every {@link CANCEL_POLL_MS} ms (one read at a time) until stopped or aborted, and
 * writes their heartbeat every {@link HEARTBEAT_MS} ms (so no other instance takes them for a dead server's).
 */
function pollCancelFlags(runIds: readonly string[], controller: AbortController): () => void {
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
