import { withAdvisoryLock } from "../store/advisory-lock";
import { databaseUrl, providerOf } from "../store/db";
import { processSingleton } from "../process/process-singleton";

/**
 * Per-session locking for compactions (seed 004 § Concurrency: a per-session lock with the double-check
 * pattern). The engine is pure, so the lock lives where runs execute: two requests compacting one session
 * must not both run; requests for different sessions never wait on each other.
 *
 * {@link createSessionLocks} is in-process (like the seed's `asyncio.Lock` per session): one process serialises its
 * own requests. The app's {@link withSessionLock} adds, on PostgreSQL, an advisory lock in the database
 * (lib/store/advisory-lock.ts), so several server instances or workers on one database exclude each other too;
 * the in-process lock in front of it only saves connections (one waiter per session per process). SQLite is a
 * single-machine file: its runs replay in the server process, which the in-process lock covers.
 */
export interface SessionLocks {
  /** Runs `fn` once every earlier holder of `sessionId`'s lock has finished; returns (or rejects with) its result. */
  withSessionLock<T>(sessionId: string, fn: () => T | Promise<T>): Promise<T>;
  /**
   * The seed's double-check: if `needed()` says so, take the lock, ask `needed()` again (another request may
   * have compacted meanwhile) and only then `run()`. Resolves true when `run` ran.
   */
  runIfStillNeeded(options: { sessionId: string; needed: () => boolean | Promise<boolean>; run: () => unknown }): Promise<boolean>;
  /** sessions with a held or awaited lock (idle sessions are forgotten, so the map does not grow) */
  readonly activeSessions: number;
}

/** A fresh set of per-session locks (tests make their own; the app uses {@link sessionLocks}). */
export function createSessionLocks(): SessionLocks {
  // the newest holder's "done" promise per session: each caller waits for the previous one, then holds the lock
  const tails = new Map<string, Promise<void>>();

  async function withSessionLock<T>(sessionId: string, fn: () => T | Promise<T>): Promise<T> {
    const previous = tails.get(sessionId) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    tails.set(sessionId, done);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(sessionId) === done) tails.delete(sessionId);
    }
  }

  return {
    withSessionLock,
    async runIfStillNeeded({ sessionId, needed, run }) {
      if (!(await needed())) return false;
      return withSessionLock(sessionId, async () => {
        if (!(await needed())) return false;
        await run();
        return true;
      });
    },
    get activeSessions() {
      return tails.size;
    },
  };
}

/** The process-wide locks the runs API uses. */
export const sessionLocks = processSingleton("session-locks", createSessionLocks);

/**
 * {@link SessionLocks.withSessionLock} on the process-wide locks and, on PostgreSQL, the session's advisory lock in
 * the database (across processes). `signal` stops a wait for the database lock.
 */
export function withSessionLock<T>(sessionId: string, fn: () => T | Promise<T>, signal?: AbortSignal): Promise<T> {
  return sessionLocks.withSessionLock(sessionId, () => {
    const url = databaseUrl();
    if (providerOf(url) !== "postgresql") return fn();
    return withAdvisoryLock({ url, key: `lab:session:${sessionId}`, signal, fn: async () => fn() });
  });
}
