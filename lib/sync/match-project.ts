import path from "node:path";

/**
 * Whether a session's project passes `--include` / `--exclude`: each pattern is a glob (`*`, `**`, `?`, `[…]`, as
 * path.matchesGlob reads them) tested against the whole project (a working directory such as `/home/me/work/api`,
 * or a project folder's name) and against its last segment (`api`), so `--include api` and `--include '/home/me/work/**'`
 * both work. With includes, a project must match one; it must match no exclude.
 */
export function matchProject(project: string, patterns: { include: readonly string[]; exclude: readonly string[] }): boolean {
  const names = [project, path.basename(project)];
  const matches = (pattern: string) => names.some((name) => name === pattern || path.matchesGlob(name, pattern));
  if (patterns.include.length > 0 && !patterns.include.some(matches)) return false;
  return !patterns.exclude.some(matches);
}
