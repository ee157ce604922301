import type { UserProbe } from "../api/compare-schemas";
import { compileUserProbePattern } from "../engine/evaluate/compile-user-probe-pattern";
import { contextText } from "../engine/evaluate/context-text";
import { normalizeProbeText } from "../engine/evaluate/normalize-probe-text";
import type { Probe } from "../engine/evaluate/probe";
import type { ContextSnapshot } from "../engine/simulate/context-at";

export interface LostProbes {
  /** extracted probes absent from the final context, in the order given */
  extracted: Probe[];
  /** user probes absent from it */
  user: UserProbe[];
  /** user probes whose regex does not compile here (the API refuses those, so only an old one could) */
  unreadable: UserProbe[];
}

/**
 * Which probes a run's final context lost: the rule `scoreRetention` applies at the end (every probe counts; one
 * is retained when its normalised text occurs in the normalised context text), so the list agrees with the row's
 * retention figures. User probes follow the same rules: a text probe is matched normalised (an empty one is never
 * retained); a regex is compiled by `compileUserProbePattern` (case-insensitive) and tested against the normalised
 * context text.
 */
export function lostProbes(options: { snapshot: ContextSnapshot; probes: readonly Probe[]; userProbes?: readonly UserProbe[] }): LostProbes {
  const text = contextText(options.snapshot);
  const extracted = options.probes.filter((probe) => {
    if (probe.regex === undefined) return !(probe.normalized.length > 0 && text.includes(probe.normalized));
    try {
      return !compileUserProbePattern(probe.regex).test(text);
    } catch {
      return true;
    }
  });
  const user: UserProbe[] = [];
  const unreadable: UserProbe[] = [];
  for (const probe of options.userProbes ?? []) {
    if (probe.kind === "text") {
      const normalized = normalizeProbeText(probe.pattern);
      if (!normalized || !text.includes(normalized)) user.push(probe);
      continue;
    }
    let pattern: RegExp;
    try {
      pattern = compileUserProbePattern(probe.pattern);
    } catch {
      unreadable.push(probe);
      continue;
    }
    if (!pattern.test(text)) user.push(probe);
  }
  return { extracted, user, unreadable };
}
