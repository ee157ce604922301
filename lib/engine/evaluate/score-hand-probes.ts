import type { Session } from "../model";
import { finalContext } from "../simulate/context-at";
import type { ReplayResult } from "../simulate/replay-result";
import { compileUserProbePattern } from "./compile-user-probe-pattern";
import { contextText } from "./context-text";
import { HAND_PROBE_KINDS, HAND_PROBE_WEIGHTS, type HandProbe, type HandProbeKind } from "./hand-probe";

export interface HandProbeReport {
  /** Σ weight of the probes the final context holds / Σ weight of all; null for an empty set */
  overall: number | null;
  byKind: Record<HandProbeKind, { counted: number; retained: number }>;
  lostIds: string[];
}

/**
 * Hand-written retention: the weighted share of a probe set the final context holds (a probe is held when any of
 * its patterns matches the normalised context text). Every probe counts: a set's facts are chosen from the first
 * 70% of the session, so all of them have appeared by the end. Throws, naming it, on a pattern that does not compile.
 */
export function scoreHandProbes(options: { session: Session; result: ReplayResult; probes: readonly HandProbe[] }): HandProbeReport {
  const text = contextText(finalContext(options.session, options.result));
  const byKind = Object.fromEntries(HAND_PROBE_KINDS.map((kind) => [kind, { counted: 0, retained: 0 }])) as HandProbeReport["byKind"];
  const lostIds: string[] = [];
  let total = 0;
  let held = 0;
  for (const probe of options.probes) {
    const weight = probe.weight ?? HAND_PROBE_WEIGHTS[probe.kind];
    total += weight;
    byKind[probe.kind].counted++;
    if (probe.any.some((pattern) => compileUserProbePattern(pattern).test(text))) {
      held += weight;
      byKind[probe.kind].retained++;
    } else lostIds.push(probe.id);
  }
  return { overall: total > 0 ? held / total : null, byKind, lostIds };
}
