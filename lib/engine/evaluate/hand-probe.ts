/**
 * A hand-written probe of a benchmark probe set (bench/probes/*.json, format in bench/probes/README.md): one fact a
 * person read in the session and wants a compacted context to keep, written without looking at any strategy.
 *
 * Kinds (after Factory's probe questions): `fact` (a value with its meaning, a path with what it holds), `rule` (a
 * standing instruction of the user's), `decision` (a choice with its reason), `artifact` (a file or command and
 * what was done with it), `continuation` (where the work stands: what is done, what is next).
 */
export const HAND_PROBE_KINDS = ["fact", "rule", "decision", "artifact", "continuation"] as const;
export type HandProbeKind = (typeof HAND_PROBE_KINDS)[number];

/** Default weights: rules and decisions 3 (forgetting one changes what the agent does), the rest 2. */
export const HAND_PROBE_WEIGHTS: Readonly<Record<HandProbeKind, number>> = { fact: 2, rule: 3, decision: 3, artifact: 2, continuation: 2 };

export interface HandProbe {
  id: string;
  kind: HandProbeKind;
  /** what the probe asks, for people */
  label: string;
  /**
   * regular expressions, any of which retains the probe: matched case-insensitively against the normalised
   * context text (`normalizeProbeText`: lower case, quotes removed, whitespace as one space, `\` as `/`)
   */
  any: readonly string[];
  /** its weight in the set's score; default {@link HAND_PROBE_WEIGHTS} of its kind */
  weight?: number;
}
