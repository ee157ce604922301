/**
 * PostgreSQL's SQLSTATEs for "the server went away or is not taking connections": connection exceptions (class 08)
 * and operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now — a restart).
 */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[123])$/;

/** What node-postgres and the socket layer say when the connection is gone or refused. */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "P1001", "P1017"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Can't reach database server|Server has closed the connection|connect ECONNREFUSED|read ECONNRESET|Connection ended unexpectedly/i;

/** What an error, or one of the errors it wraps, says of itself. */
interface ErrorRecord {
  code?: unknown;
  originalCode?: unknown;
  message?: unknown;
  originalMessage?: unknown;
  cause?: unknown;
  meta?: unknown;
  errors?: unknown;
}

/**
 * True when `test` holds for `error` or any error it wraps: Prisma's driver adapter wraps the driver's error in
 * `cause` and `meta.driverAdapterError`, an AggregateError holds several in `errors`. Each object is visited once.
 */
function someInErrorChain(error: unknown, test: (record: ErrorRecord) => boolean): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const record = current as ErrorRecord;
    if (test(record)) return true;
    pending.push(record.cause, record.meta);
    const meta = record.meta as { driverAdapterError?: unknown } | undefined;
    if (meta && typeof meta === "object") pending.push(meta.driverAdapterError);
    if (Array.isArray(record.errors)) pending.push(...record.errors);
  }
  return false;
}

/**
 * True when `error` says the database could not be reached or dropped the connection (a restart, a failover, a
 * network blip) rather than that a query was wrong: worth waiting and trying again, never a reason to fail a run.
 * Looks through the causes Prisma's driver adapter wraps the driver's error in.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someInErrorChain(
    error,
    (record) =>
      [record.code, record.originalCode].some((code) => typeof code === "string" && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) ||
      [record.message, record.originalMessage].some((message) => typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)),
  );
}

/**
 * Errors that say the database could not do it this time, not that the query was wrong: an unreachable database
 * (isDatabaseUnavailable), an interactive transaction that timed out or was closed (Prisma P2028), a write conflict
 * or deadlock (Prisma P2034; SQLSTATE 40001 serialization failure, 40P01 deadlock), a lock not granted in time
 * (55P03) or a statement cancelled by its timeout (57014). A job that meets one goes back to the queue and runs
 * again; it is never a reason to fail a run for good.
 */
const TRANSIENT_CODES = new Set(["P2028", "P2034", "40001", "40P01", "55P03", "57014"]);
const TRANSIENT_MESSAGE = /Transaction API error|Transaction already closed|could not serialize access|deadlock detected|canceling statement due to statement timeout/i;

export function isTransientDatabaseError(error: unknown): boolean {
  return (
    isDatabaseUnavailable(error) ||
    someInErrorChain(
      error,
      (record) =>
        [record.code, record.originalCode].some((code) => typeof code === "string" && TRANSIENT_CODES.has(code)) ||
        (typeof record.message === "string" && TRANSIENT_MESSAGE.test(record.message)),
    )
  );
}
