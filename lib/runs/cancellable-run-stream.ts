import { RunCancelledError, registerRun } from "./run-registry";

/**
 * The NDJSON stream of stored runs being replayed (a single run, or every run of a comparison). One abort signal
 * stops the work, fired by any of: a cancel of one of `runIds` (POST /api/runs/:id/cancel, through the run
 * registry), the request's `signal` (the client went away), or the stream being cancelled (the client stopped
 * reading). `work` gets `emit`, which writes one JSON line while the stream is open and is a no-op after; the
 * stream closes when `work` settles (it must not reject: it reports its own failures as lines).
 */
export function cancellableRunStream<Line>(options: {
  runIds: readonly string[];
  signal?: AbortSignal;
  work: (context: { emit: (line: Line) => void; signal: AbortSignal }) => Promise<unknown>;
}): ReadableStream<Uint8Array> {
  const controller = new AbortController();
  const unregister = options.runIds.map((runId) => registerRun(runId, controller));
  const onClientAbort = () => controller.abort(new RunCancelledError("the client disconnected"));
  options.signal?.addEventListener("abort", onClientAbort, { once: true });
  if (options.signal?.aborted) onClientAbort();
  const encoder = new TextEncoder();
  let open = true;

  return new ReadableStream<Uint8Array>({
    start(stream) {
      const emit = (line: Line) => {
        if (open) stream.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      void options.work({ emit, signal: controller.signal }).finally(() => {
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
