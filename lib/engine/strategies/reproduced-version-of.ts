import { findStrategy } from "./index";
import type { ReproducedVersion } from "./strategy";

/**
 * Which version of an agent or API a strategy reproduces (`source.version`, `source.asOf`, `source.url`), for the
 * places a result leaves the lab — the CLI, exports — so a figure always says which behaviour it measured. Null for
 * a strategy that reproduces no agent (a seed design, a baseline, the lab's own) or an unknown id.
 */
export function reproducedVersionOf(strategyId: string): ReproducedVersion | null {
  const source = findStrategy(strategyId)?.source;
  if (source?.kind !== "peer") return null;
  return { version: source.version, asOf: source.asOf, url: source.url };
}

/** One line for a table: "2.1.299, 2026-10-14"; the date alone when the source names no version. */
export function reproducedVersionLabel(version: ReproducedVersion): string {
  return version.version === null ? `as of ${version.asOf}` : `${version.version}, ${version.asOf}`;
}
