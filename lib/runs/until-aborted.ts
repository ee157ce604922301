/**
 * Resolves or rejects as `work` does, or rejects with `signal`'s reason as soon as it fires, whichever comes first.
 * The work itself goes on: meant for work shared with other callers — a session read through the session cache,
 * which other runs of the same session wait for too — that one cancelled caller should stop waiting for (a
 * 4,000-message session's load took 6–16 s under full CPU load, and a run cancelled during it ended only after it).
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
