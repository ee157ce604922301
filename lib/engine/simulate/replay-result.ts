import type { Message, PartMark } from "../model";
import type { AnyEstimatorId } from "../tokens/estimator";
import type { SyntheticPurpose } from "../strategies/strategy";
import type { ReplayEvent } from "./replay-events";
import type { CacheOutcome } from "../cache/model-prompt-cache";

/** One message of a replayed context: a reference to a session message, or a synthetic message. */
export type ContextEntry =
  | { kind: "original"; index: number }
  | { kind: "synthetic"; purpose: SyntheticPurpose; message: Message };

/**
 * The context between two compactions: the layout a compaction produced (or the empty start), then the
 * session messages appended after it. A step's context is a prefix of its epoch, so the whole timeline is
 * stored in O(session + compactions × kept) without a copy per step.
 */
export interface ContextEpoch {
  /** the step the epoch starts at (0 for the initial one) */
  step: number;
  entries: ContextEntry[];
}

/** A mark the replay applied to a part; the newest mark with `mark.step <= s` is in force at step s. */
export interface MarkRecord {
  messageId: string;
  partIndex: number;
  mark: PartMark;
}

export interface ReplayStep {
  /** 0-based model call number */
  step: number;
  /** index in session.messages of the assistant message this call produced */
  messageIndex: number;
  /** estimate of the context sent, by the replay's estimator */
  contextTokens: number;
  /** what the source recorded for this call (input + cache read + cache write), or null */
  recordedTokens: number | null;
  /** messages in the context sent */
  messages: number;
  epoch: number;
  length: number;
  /**
   * the prefix of the previous call's context sent unchanged in front of this one, up to the first message whose
   * visible content differs (a mark, a compaction, a synthetic message): messages and estimated tokens (0 at the
   * first call). What a provider's prompt cache can serve; lib/engine/cache prices it. Absent in runs stored
   * before the cache model.
   */
  keptMessages?: number;
  keptTokens?: number;
  /** estimated tokens this call produced (its assistant messages); absent in runs stored before the cache model */
  outputTokens?: number;
  /**
   * the prompt cache's verdict on this call, added to a stored run's steps when it is priced (lib/llm): tokens read
   * and written, and how the prefix fared (see lib/engine/cache/model-prompt-cache.ts); absent when not priced
   */
  cache?: { read: number; write: number; outcome: CacheOutcome };
}

export interface ReplayResult {
  strategyId: string;
  settings: object;
  window: number;
  outputReserve: number;
  /** the estimator's own id (a factory-made estimator reports its id, e.g. "count-tokens") */
  estimatorId: AnyEstimatorId;
  /**
   * the agent's system prompt and tools the replay counted in front of every call (measured from the first recorded
   * call, 0 without recorded usage): included in every step's `contextTokens` and `keptTokens` and in every event's
   * token figures. Absent in runs stored before the replay counted it.
   */
  hiddenPrefixTokens?: number;
  steps: ReplayStep[];
  events: ReplayEvent[];
  epochs: ContextEpoch[];
  marks: MarkRecord[];
  /** the context after the last message of the session */
  final: { epoch: number; length: number; contextTokens: number; messages: number };
}
