import type { Fidelity } from "./fidelity-report";

/** How one version of an agent's strategy lines up with the compactions a session recorded. */
export interface VersionMatch {
  strategyId: string;
  /** recorded compactions with a replayed one within the tolerance */
  within: number;
  recorded: number;
  /** replayed compactions farther than the tolerance from every recorded one */
  extraReplayed: number;
  /** mean |calls apart| over the recorded compactions the replay came near; null when it never compacted */
  meanCallsApart: number | null;
}

/**
 * Which version of an agent a recorded session matches best (issue #41): each version's replay of the same session at
 * the same window and estimator, ranked by recorded compactions replayed within the tolerance (more is better), then
 * replayed compactions the agent did not make (fewer), then the mean distance in calls (smaller). `best` is null when
 * the first two versions tie on all three — the session does not tell them apart (most sessions, where a version's
 * change never came into play: idle compaction needs a long pause at 200K+ tokens). Versions keep their input order
 * in `ranked` when they tie.
 */
export function bestVersionMatch(fidelities: readonly Fidelity[]): { ranked: VersionMatch[]; best: string | null } {
  const matches = fidelities.map((fidelity): VersionMatch => {
    const apart = fidelity.recorded.flatMap((entry) => (entry.callsApart === null ? [] : [Math.abs(entry.callsApart)]));
    return {
      strategyId: fidelity.strategyId,
      within: fidelity.within,
      recorded: fidelity.recorded.length,
      extraReplayed: fidelity.extraReplayed,
      meanCallsApart: apart.length === 0 ? null : apart.reduce((sum, value) => sum + value, 0) / apart.length,
    };
  });
  const ranked = matches
    .map((match, index) => ({ match, index }))
    .sort((a, b) => compare(a.match, b.match) || a.index - b.index)
    .map(({ match }) => match);
  const best = ranked.length === 1 || (ranked.length > 1 && compare(ranked[0], ranked[1]) < 0) ? ranked[0].strategyId : null;
  return { ranked, best: ranked.length === 0 ? null : best };
}

function compare(a: VersionMatch, b: VersionMatch): number {
  if (a.within !== b.within) return b.within - a.within;
  if (a.extraReplayed !== b.extraReplayed) return a.extraReplayed - b.extraReplayed;
  const apartA = a.meanCallsApart ?? Number.POSITIVE_INFINITY;
  const apartB = b.meanCallsApart ?? Number.POSITIVE_INFINITY;
  if (apartA !== apartB) return apartA < apartB ? -1 : 1;
  return 0;
}
