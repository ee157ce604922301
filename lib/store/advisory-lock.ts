// Server-only: this module opens PostgreSQL connections.
import type { Pool, PoolClient } from "pg";
import { processSingleton } from "../process/process-singleton";
import { retryWhileUnavailable } from "./retry-while-unavailable";

/** How long a waiter sleeps between two tries of a held advisory lock. */
export const ADVISORY_LOCK_RETRY_MS = 25;

/** Connections kept for held locks per process (each held lock keeps one connection until it is released). */
const POOL_SIZE = 8;

const pools = processSingleton("advisory-lock-pools", () => new Map<string, Promise<Pool>>());

/** This process's lock connections to the PostgreSQL database at `url` (separate from Prisma's). */
function poolFor(url: string): Promise<Pool> {
  let pool = pools.get(url);
  if (!pool) {
    pool = import("pg").then(({ default: pg }) => {
      const created = new pg.Pool({ connectionString: url, max: POOL_SIZE });
      // an idle connection the server closed (a restart) is dropped by the pool; unheard, the event ends the process
      created.on("error", (error) => console.warn(`[store] an idle lock connection closed: ${error.message}`));
      return created;
    });
    pools.set(url, pool);
  }
  return pool;
}

/** Closes this process's lock connections (tests and scripts). */
export async function closeAdvisoryLockPools(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map(async (pool) => (await pool).end()));
}

/**
 * Runs `fn` while holding PostgreSQL's session-level advisory lock on `key` (hashed to a bigint by the server),
 * so processes sharing one database exclude each other: another process's holder makes this one wait (trying
 * every {@link ADVISORY_LOCK_RETRY_MS} ms without holding a connection, so `signal` can stop the wait). The lock
 * is released when `fn` settles, and by PostgreSQL itself if this process dies holding it (its connection
 * closes). `pool` is for tests that stand in for a second process; the app uses one pool per database URL.
 */
export async function withAdvisoryLock<T>(options: { url: string; key: string; fn: () => Promise<T>; signal?: AbortSignal; pool?: Pool }): Promise<T> {
  const pool = options.pool ?? (await poolFor(options.url));
  let client: PoolClient | undefined;
  for (;;) {
    options.signal?.throwIfAborted();
    // while the database restarts, the lock waits for it (a summary is not failed for it)
    const candidate = await retryWhileUnavailable(() => tryLock(pool, options.key), { what: "taking a session lock", signal: options.signal });
    if (candidate) {
      client = candidate;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, ADVISORY_LOCK_RETRY_MS));
  }
  // the server closing the held connection (a restart) releases the lock there; here it must not end the process
  const onLost = (error: Error) => console.warn(`[store] a held lock's connection closed (${options.key}): ${error.message}`);
  client.on("error", onLost);
  try {
    return await options.fn();
  } finally {
    client.removeListener("error", onLost);
    try {
      await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [options.key]);
      client.release();
    } catch (error) {
      // a connection that cannot unlock is closed, which releases its locks
      client.release(error instanceof Error ? error : true);
    }
  }
}

/** One try at the lock on a connection of `pool`: the connection holding it, or null (released) when it is held elsewhere. */
async function tryLock(pool: Pool, key: string): Promise<PoolClient | null> {
  const candidate = await pool.connect();
  try {
    const { rows } = await candidate.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked", [key]);
    if (rows[0]?.locked) return candidate;
    candidate.release();
    return null;
  } catch (error) {
    candidate.release(error instanceof Error ? error : true);
    throw error;
  }
}
