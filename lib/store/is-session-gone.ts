/**
 * Whether a write keyed to a session failed because the session went meanwhile: P2003, its foreign key refused the
 * row (the session was deleted before the insert); P2025, the row to update went with the session.
 */
export function isSessionGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "P2003" || code === "P2025";
}
