/** How often a follower reads a job's state from the database. */
export const FOLLOW_POLL_MS = 250;

/**
 * An NDJSON stream driven by an async generator of lines, where a `null` means "nothing new: wait
 * {@link FOLLOW_POLL_MS} ms". It ends when the generator returns, when `signal` fires or when the reader cancels; a
 * generator that throws (the followers wait out a database restart; an outage past that) ends the stream with a logged error.
 */
export function pollingStream<Line>(options: { signal?: AbortSignal; lines: () => AsyncGenerator<Line | null> }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let closed = false;
  // set once the reader went away: the controller is closed then, and touching it throws ERR_INVALID_STATE
  let cancelled = false;
  const generator = options.lines();
  const onAbort = () => {
    closed = true;
  };
  options.signal?.addEventListener("abort", onAbort, { once: true });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          if (cancelled) return;
          if (closed || options.signal?.aborted) {
            await generator.return(undefined);
            if (!cancelled) controller.close();
            return;
          }
          const next = await generator.next();
          if (cancelled) return;
          if (next.done) {
            options.signal?.removeEventListener("abort", onAbort);
            controller.close();
            return;
          }
          if (next.value === null) {
            await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
            continue;
          }
          controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
          return;
        }
      } catch (error) {
        if (cancelled) return;
        console.error("[jobs] following a job failed:", error);
        controller.error(error);
      }
    },
    async cancel() {
      closed = true;
      cancelled = true;
      options.signal?.removeEventListener("abort", onAbort);
      await generator.return(undefined);
    },
  });
}
