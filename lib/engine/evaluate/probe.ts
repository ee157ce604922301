/**
 * What a strategy should keep: a short piece of the session the agent would need later, found
 * deterministically by `extractProbes` and looked up by `scoreRetention` in what the model is sent.
 */
export const PROBE_KINDS = ["rule", "decision", "file-path", "error", "last-request", "command", "identifier", "user"] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/**
 * CompactBench's weights: standing rules and decisions 3; facts and open tasks 2 (file paths and errors are
 * facts, the last user request is the open task); the rest (commands, numbers and identifiers) 1.
 *
 * A user probe (one the person added: "does it keep `fooBar`?") weighs 2, as a fact: the user said it matters,
 * so it counts above the extracted identifiers and commands, but it is one hand-picked string of unknown kind —
 * weighing it like a standing rule (3) would let a few added probes swamp the session's own rules and decisions
 * in the overall score. Its own kind keeps it visible on its own in `byKind`.
 */
export const PROBE_WEIGHTS: Readonly<Record<ProbeKind, number>> = {
  rule: 3,
  decision: 3,
  "file-path": 2,
  error: 2,
  "last-request": 2,
  command: 1,
  identifier: 1,
  user: 2,
};

/** A probe the user adds (lib/api UserProbe): a literal text, matched normalised, or a regular expression. */
export interface UserProbeSpec {
  id: string;
  kind: "text" | "regex";
  pattern: string;
  label?: string;
}

export interface Probe {
  /** `<kind>-<n>`, numbered in order of first appearance within the kind; `user-<UserProbeSpec.id>` for user probes */
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
  /** the message it was first found in; null for a user probe the session never contains */
  messageId: string | null;
  /** user probes only: the label the user gave */
  label?: string;
  /**
   * user regex probes only: the pattern, matched case-insensitively against the normalised text (see
   * `compileUserProbePattern`) instead of looking up `normalized`
   */
  regex?: string;
  /**
   * user probes only: whether any message of the session contains it. When false `firstStep` is 0 (it counts
   * from the start) and only a context that gains it some other way (a model's summary) retains it.
   */
  inSession?: boolean;
}
