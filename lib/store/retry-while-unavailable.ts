import { isDatabaseUnavailable } from "./database-unavailable";

/** How long a caller waits for the database to come back before the error is its own (a restart takes seconds). */
export const DATABASE_OUTAGE_MAX_MS = 90_000;

/**
 * Runs `fn`, and while it fails because the database is unreachable (see isDatabaseUnavailable: a restart, a
 * dropped connection) tries again with backoff (250 ms doubling to 2 s), for at most `maxMs`. Any other error, an
 * aborted `signal`, or the outage outlasting `maxMs` rejects with that error. `fn` must be safe to run again: a
 * conditional write, or a read.
 */
export async function retryWhileUnavailable<T>(fn: () => Promise<T>, options: { what: string; maxMs?: number; signal?: AbortSignal }): Promise<T> {
  const deadline = Date.now() + (options.maxMs ?? DATABASE_OUTAGE_MAX_MS);
  let delay = 250;
  let logged = false;
  for (;;) {
    try {
      const value = await fn();
      if (logged) console.warn(`[store] ${options.what}: the database is back`);
      return value;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delay > deadline || options.signal?.aborted) throw error;
      if (!logged) console.warn(`[store] ${options.what}: the database is unreachable (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); retrying`);
      logged = true;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 2_000);
    }
  }
}
