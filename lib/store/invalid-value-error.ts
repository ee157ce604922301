/**
 * Whether a database error says a value the query was given cannot be a value of its column: PostgreSQL's data
 * exceptions (SQLSTATE class 22 — a NUL in text, `22021`; an integer past 32 bits, `22003`; text that is not a
 * number, `22P02`), as Prisma's driver adapter reports them. Such a value came from the request (a path id, a query
 * parameter, a JSON field), so the request is at fault, not the server: the route wrapper answers 400. SQLite has no
 * such errors (it stores any value), so there the same request reaches "not found" instead.
 */
export function isInvalidValueError(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta?.driverAdapterError?.cause;
  return typeof cause?.originalCode === "string" && cause.originalCode.startsWith("22");
}
