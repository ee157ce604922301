/** The longest stretch a scorer runs before it lets the event loop turn. */
export const SCORING_SLICE_MS = 20;

/**
 * Runs a scorer's steps (a generator that pauses between pieces of work) to its result in slices of about
 * {@link SCORING_SLICE_MS} ms, with a turn of the event loop between them, so a process scoring a long replay keeps
 * answering its timers — a worker's heartbeat, progress writes, a cancel poll, other requests. An aborted `signal`
 * stops it at the next turn, rejecting with its reason. Where the slices fall changes nothing in the result.
 */
export async function runInSlices<T>(steps: Generator<unknown, T, void>, signal?: AbortSignal): Promise<T> {
  let sliceStart = performance.now();
  let next = steps.next();
  while (!next.done) {
    if (performance.now() - sliceStart >= SCORING_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
    next = steps.next();
  }
  signal?.throwIfAborted();
  return next.value;
}
