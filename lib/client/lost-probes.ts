import { compileUserProbePattern } from "../engine/evaluate/compile-user-probe-pattern";
import { contextText } from "../engine/evaluate/context-text";
import type { Probe } from "../engine/evaluate/probe";
import type { ContextSnapshot } from "../engine/simulate/context-at";

/**
 * Which probes a run's final context lost, in the order given: the rule `scoreRetention` applies at the end (every
 * probe counts), so the list agrees with the row's retention figures. A probe is retained when its normalised text
 * occurs in the normalised context text (an empty one never is); a user regex probe (`probe.regex`) when its pattern,
 * compiled by `compileUserProbePattern` (case-insensitive), matches that text. A regex that no longer compiles is
 * listed as lost rather than thrown: the API refuses such patterns, so only an old stored one could be.
 */
export function lostProbes(options: { snapshot: ContextSnapshot; probes: readonly Probe[] }): Probe[] {
  const text = contextText(options.snapshot);
  return options.probes.filter((probe) => {
    if (probe.regex === undefined) return !(probe.normalized.length > 0 && text.includes(probe.normalized));
    try {
      return !compileUserProbePattern(probe.regex).test(text);
    } catch {
      return true;
    }
  });
}
