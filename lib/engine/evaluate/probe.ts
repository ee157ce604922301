/**
 * What a strategy should keep: a short piece of the session the agent would need later, found
 * deterministically by `extractProbes` and looked up by `scoreRetention` in what the model is sent.
 */
export const PROBE_KINDS = ["rule", "decision", "file-path", "error", "last-request", "command", "identifier"] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/**
 * CompactBench's weights: standing rules and decisions 3; facts and open tasks 2 (file paths and errors are
 * facts, the last user request is the open task); the rest (commands, numbers and identifiers) 1.
 */
export const PROBE_WEIGHTS: Readonly<Record<ProbeKind, number>> = {
  rule: 3,
  decision: 3,
  "file-path": 2,
  error: 2,
  "last-request": 2,
  command: 1,
  identifier: 1,
};

export interface Probe {
  /** `<kind>-<n>`, numbered in order of first appearance within the kind */
  id: string;
  kind: ProbeKind;
  /** as found in the session (trimmed, capped) */
  text: string;
  /** `normalizeProbeText(text)`: the key for dedup and for lookup */
  normalized: string;
  /**
   * the model call that first sees it: the first step whose call comes after the message. Equal to the
   * number of calls when only the context after the last message holds it (the session ends with it).
   */
  firstStep: number;
  /** the message it was first found in */
  messageId: string;
}
