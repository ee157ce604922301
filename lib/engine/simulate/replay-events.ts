import type { PartMarkKind } from "../model";
import type { TriggerPoint } from "../strategies/strategy";

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
  /** the summary text (several summaries joined by a blank line), null when the compaction fell back */
  summary: string | null;
  summaryTokens: number;
  /** first session message kept verbatim after the summary, null when nothing was kept */
  firstKeptMessageId: string | null;
  messagesBefore: number;
  messagesAfter: number;
  budget: number;
  fits: boolean;
  /** what the summarizer reported it consumed, summed over the compaction's summaries */
  summarizerUsage: { input: number; output: number } | null;
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
