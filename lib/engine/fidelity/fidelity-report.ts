/** Calls a replayed compaction may lie from the recorded one it is nearest to and still count as replayed (#35). */
export const FIDELITY_TOLERANCE_CALLS = 5;

/** One compaction the agent recorded, beside the replay's compaction nearest to it. */
export interface RecordedCompactionFidelity {
  /** the model call the recorded compaction came before (0-based, as the replay's steps) */
  recordedStep: number;
  /** markers recorded before that call (Codex can write several `compacted` lines back to back) */
  markers: number;
  /**
   * context tokens before the compaction: what the marker recorded (Claude Code's `preTokens`, pi's `tokensBefore`),
   * else the recorded usage of the last call before it; null when neither is known
   */
  recordedTokensBefore: number | null;
  recordedTokensBeforeFrom: "marker" | "last-call" | null;
  /**
   * context tokens kept: what the marker recorded as the size after (`postTokens`), else the recorded usage of the
   * first call after it (which also holds that call's new messages); null when neither is known
   */
  recordedTokensKept: number | null;
  recordedTokensKeptFrom: "marker" | "next-call" | null;
  /** the replay's nearest compaction (ties: the earlier one), or null when the replay never compacted */
  replayed: { step: number; tokensBefore: number; tokensKept: number } | null;
  /** replayed step − recorded step (negative: the replay compacted earlier), or null */
  callsApart: number | null;
  /** |callsApart| ≤ the tolerance */
  within: boolean;
}

/**
 * How a replay of the agent's own strategy lines up with the compactions the session recorded. Keyed by the
 * strategy it replayed (one report per strategy id, so a strategy with versions can report each).
 */
export interface Fidelity {
  strategyId: string;
  estimatorId: string;
  window: number;
  /** where the session's window came from: recorded in the transcript, the model's catalog window, or the default */
  windowFrom: SessionWindow["from"];
  /** the agent's system prompt and tools the replay counted in every call (0: not counted, see --hidden-prefix) */
  hiddenPrefixTokens: number;
  toleranceCalls: number;
  recorded: RecordedCompactionFidelity[];
  /** compactions the replay made (applied summaries) */
  replayedSteps: number[];
  /** recorded compactions with a replayed one within the tolerance */
  within: number;
  /** replayed compactions farther than the tolerance from every recorded one */
  extraReplayed: number;
}

export type FidelityOutcome = { fidelity: Fidelity; reason: null } | { fidelity: null; reason: string };

/** The window a session ran at: recorded in the transcript (Codex's `model_context_window`), else its model's, else 200K. */
export interface SessionWindow {
  tokens: number;
  /** recorded in the transcript; the agent's own default (Claude Code's 200K); the model's catalog window; the lab's default */
  from: "recorded" | "agent" | "catalog" | "default";
}
