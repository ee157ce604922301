/**
 * PostgreSQL's SQLSTATEs for "the server went away or is not taking connections": connection exceptions (class 08)
 * and operator intervention (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now — a restart).
 */
const UNAVAILABLE_SQLSTATE = /^(08\d{3}|57P0[123])$/;

/** What node-postgres and the socket layer say when the connection is gone or refused. */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "P1001", "P1017"]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Can't reach database server|Server has closed the connection|connect ECONNREFUSED|read ECONNRESET|Connection ended unexpectedly/i;

/**
 * True when `error` says the database could not be reached or dropped the connection (a restart, a failover, a
 * network blip) rather than that a query was wrong: worth waiting and trying again, never a reason to fail a run.
 * Looks through the causes Prisma's driver adapter wraps the driver's error in.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const record = current as { code?: unknown; originalCode?: unknown; message?: unknown; originalMessage?: unknown; cause?: unknown; meta?: unknown; errors?: unknown };
    for (const code of [record.code, record.originalCode]) {
      if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    }
    for (const message of [record.message, record.originalMessage]) {
      if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    }
    pending.push(record.cause, record.meta);
    const meta = record.meta as { driverAdapterError?: unknown } | undefined;
    if (meta && typeof meta === "object") pending.push(meta.driverAdapterError);
    if (Array.isArray(record.errors)) pending.push(...record.errors);
  }
  return false;
}
