/** A probe a user adds to a session, as the store takes it: a literal text or a regular expression. */
export interface NewUserProbe {
  kind: "text" | "regex";
  pattern: string;
  /** an empty label is stored as none */
  label?: string;
}

/** A stored user probe (the engine's UserProbeSpec plus where and when); lib/present makes the wire shape. */
export interface UserProbeRecord {
  id: string;
  sessionId: string;
  kind: "text" | "regex";
  pattern: string;
  /** absent when the probe has none */
  label?: string;
  createdAt: Date;
}
