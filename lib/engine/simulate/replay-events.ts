import type { CompactionDetails } from "../strategies/compaction-details";
import type { PartMarkKind } from "../model";
import type { TriggerPoint } from "../strategies/trigger-point";

/**
 * What a replay reports, in order. Every event names the step it belongs to: the model call it happened
 * before (an event at an `after-*` trigger point belongs to the next call, which is the first to see it).
 * Events are plain data so a run can be stored and rendered later.
 */
export type ReplayEvent =
  | PruneEvent
  | CompactionStartEvent
  | CompactionEndEvent
  | TrimEvent
  | FallbackEvent
  | OverBudgetEvent
  | OverflowEvent
  | WarningEvent
  | GuardEvent
  | RecordedCompactionEvent;

export interface PruneEvent {
  type: "prune";
  step: number;
  point: TriggerPoint;
  /** which layer-1 pruner marked the parts ("opencode-prune", "soft-trim", …) */
  pruner: string;
  parts: number;
  kinds: Partial<Record<PartMarkKind, number>>;
  tokensFreed: number;
  tokensBefore: number;
  tokensAfter: number;
  /** what the pruner deliberately left alone at this step (absent when the strategy reports nothing) */
  protected?: ProtectedRegion[];
}

/**
 * A region a strategy deliberately left alone when it pruned or compacted, as the timeline draws it: a tail
 * of the context (opencode's last user turns and `pruneProtect` window, nous' `keepLastToolResults`, the
 * tail kept verbatim by pi / openclaw / nous' `keepRecentTokens`) or single tool parts (opencode's
 * `protectedTools`, claude-code's newest compactable results). Indexes are `session.messages` indexes;
 * synthetic messages are never named (a tail starting at one starts at the next session message instead).
 */
export type ProtectedRegion =
  | {
      kind: "tail";
      /** why, with the setting: "last 2 user turns (protectedUserTurns)" */
      label: string;
      /** first protected session message; the tail runs to the end of the context at that step */
      fromMessageId: string;
      fromIndex: number;
    }
  | {
      kind: "parts";
      /** "protected tool: skill (protectedTools)" */
      label: string;
      parts: { messageId: string; index: number; partIndex: number }[];
    };

/**
 * pi / openclaw cut inside a turn: the turn's beginning (from `fromIndex` up to the compaction's first kept
 * message, exclusive) was summarized on its own ("Turn Context (split turn)"), the rest of the turn kept.
 */
export interface SplitTurn {
  fromMessageId: string;
  fromIndex: number;
  /** session messages in the summarized prefix */
  messages: number;
}

export interface CompactionStartEvent {
  type: "compaction-start";
  step: number;
  point: TriggerPoint;
  reason: string;
  tokensBefore: number;
  /** context messages handed to the summarizer */
  messagesToSummarize: number;
  budget: number;
}

export interface CompactionEndEvent {
  type: "compaction-end";
  step: number;
  tokensBefore: number;
  tokensAfter: number;
  /**
   * the summary text (several summaries joined by a blank line), null when the compaction fell back or when the
   * provider's item is opaque (see `opaque`)
   */
  summary: string | null;
  /** the compaction left an opaque provider item (OpenAI's encrypted compaction item) the lab cannot read */
  opaque?: { provider: "openai"; tokens: number };
  summaryTokens: number;
  /** first session message kept verbatim after the summary, null when nothing was kept */
  firstKeptMessageId: string | null;
  messagesBefore: number;
  messagesAfter: number;
  budget: number;
  fits: boolean;
  /** what the summarizer reported it consumed, summed over the compaction's summaries */
  summarizerUsage: { input: number; output: number } | null;
  /** what the compaction kept on purpose (the recent tail), when the strategy reports it */
  protected?: ProtectedRegion[];
  /** the cut fell inside a turn and its prefix was summarized separately (pi, openclaw) */
  splitTurn?: SplitTurn;
  /**
   * structured data of the compaction (pi / openclaw: cumulative read and modified files; evidence: its ledger),
   * carried to the next; on a compaction that fell back, the fallback's details when it has them
   */
  details?: CompactionDetails;
}

/** A layout change without a summary (trim-messages, a truncation fallback). */
export interface TrimEvent {
  type: "trim";
  step: number;
  point: TriggerPoint;
  reason: string;
  tokensBefore: number;
  tokensAfter: number;
  messagesDropped: number;
  firstKeptMessageId: string | null;
  budget: number;
  fits: boolean;
  /** what the trim kept on purpose, when the strategy reports it */
  protected?: ProtectedRegion[];
  /** structured data of the trim (the evidence ledger of a compaction without a narrative), carried to the next */
  details?: CompactionDetails;
}

export interface FallbackEvent {
  type: "fallback";
  step: number;
  /** why the planned compaction could not run as planned (summarizer error, rejected summary) */
  reason: string;
  /** what happened instead */
  outcome: "fallback-layout" | "unchanged";
}

/** A compaction or trim ended above its budget; `reason` says why (e.g. the kept messages alone exceed it). */
export interface OverBudgetEvent {
  type: "over-budget";
  step: number;
  tokens: number;
  budget: number;
  reason: string;
}

/** A step sent more than the usable window (window − output reserve). Emitted when a run of such steps starts. */
export interface OverflowEvent {
  type: "overflow";
  step: number;
  tokens: number;
  usableWindow: number;
}

export interface WarningEvent {
  type: "warning";
  step: number;
  code: string;
  message: string;
}

/** A safety guard stopped or changed the strategy (thrash guard, minimum window, …). */
export interface GuardEvent {
  type: "guard";
  step: number;
  guard: string;
  message: string;
}

/**
 * A compaction recorded in the imported transcript. Strategies never replay it (each decides its own);
 * the marker and the recorded summary message are skipped, and this event shows where it was.
 */
export interface RecordedCompactionEvent {
  type: "recorded-compaction";
  step: number;
  messageId: string;
  auto: boolean;
  tokensBefore: number | null;
  tokensAfter: number | null;
}

/** Whether a compaction applied what it planned: a summary, or a provider's opaque item (null summary otherwise means it fell back). */
export function compactionApplied(event: CompactionEndEvent): boolean {
  return event.summary !== null || event.opaque !== undefined;
}
