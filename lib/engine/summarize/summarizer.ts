import type { Message } from "../model";

/**
 * What an extractive summarizer puts in a section (an LLM reads the heading and the prompt instead).
 * Headings the seeds use are mapped to these by {@link inferSectionFill} when a strategy does not say.
 */
export const SUMMARY_FILLS = [
  "goal",
  "constraints",
  "timeline",
  "progress",
  "decisions",
  "technical",
  "files",
  "commands",
  "errors",
  "active-work",
  "pending",
  "next-steps",
  "last-request",
  "dynamics",
  "critical-context",
] as const;
export type SummaryFill = (typeof SUMMARY_FILLS)[number];

export interface SummarySection {
  /** the heading as it must appear, e.g. "## Goal" or "1. User's Primary Goals and Intent" */
  heading: string;
  /** what goes in it; inferred from the heading when omitted */
  fill?: readonly SummaryFill[];
}

/**
 * The layout a strategy asks for: headed sections (seed 000's seven, seed 004's checkpoint), a narrative
 * paragraph (seed 002) or a continuation prompt (seed 003's "prompt for continuing our conversation").
 */
export type SummaryFormat =
  | { style: "sections"; sections: readonly SummarySection[] }
  | { style: "narrative" }
  | { style: "continuation" };

/**
 * One summarization call. It carries the strategy's own prompt (system + instructions) so an LLM summarizer
 * sends exactly what the strategy's source sends, and the format so the extractive summarizer can fill the
 * same sections without a model.
 */
export interface SummarizeRequest {
  /** the summarizer's system prompt (seed 003 §6.1, seed 004's CHECKPOINT / UPDATE prompts, …) */
  system: string;
  /** the final user instruction (seed 000's compact.md, seed 003 §6.2, …) */
  instructions: string;
  format: SummaryFormat;
  /** the messages to summarize, as the model saw them (marks applied, synthetic summaries included) */
  messages: readonly Message[];
  /** a previous summary to UPDATE rather than start over (seed 004's iterative update, pi's UPDATE prompt) */
  previousSummary?: string;
  /** size cap on the summary text (seed 004's summary_max_chars); the extractive summarizer enforces it */
  maxChars?: number;
  /** the output-token cap an LLM call would use (seed 002: 4,096) */
  maxOutputTokens?: number;
  /**
   * Not a summary of the lab's making but the provider's own compaction (the anthropic-compaction and
   * openai-compaction strategies): the driver must send `messages` to that provider's compaction endpoint, or
   * fail. `system`, `format` and the caps are then unused; `instructions` (when not empty) are the provider's
   * custom compaction instructions.
   */
  providerCompaction?: ProviderCompactionRequest;
  signal?: AbortSignal;
}

export const COMPACTION_PROVIDERS = ["anthropic", "openai"] as const;
export type CompactionProvider = (typeof COMPACTION_PROVIDERS)[number];

export interface ProviderCompactionRequest {
  provider: CompactionProvider;
  /** Anthropic's edit: the trigger in input tokens the request carries (the engine already decided it is reached) */
  triggerTokens?: number;
  /**
   * Anthropic only: `threshold` (default) is the `compact_20260112` context-management edit, which compacts past its
   * trigger; `on-demand` is the request's `compaction` parameter (beta `compact-2026-09-04`), which compacts now and
   * answers with the compaction block instead of a reply
   */
  mode?: "threshold" | "on-demand";
}

/**
 * The output-token cap of a summary call whose strategy sets none (the Anthropic summarizer's `max_tokens`
 * default). The extractive summarizer honours the same cap at 4 chars a token, so an offline summary can never
 * outgrow what a model could have written — without it, summaries that update earlier summaries snowball.
 */
export const DEFAULT_SUMMARY_OUTPUT_TOKENS = 4_096;

export interface SummarizeResult {
  text: string;
  /** tokens the call consumed (an estimate for the extractive summarizer) */
  usage: { input: number; output: number };
  /**
   * The provider returned an opaque item (OpenAI's encrypted compaction item) instead of text: its size in tokens
   * as the provider reported it. `text` is then empty and the layout stands an opaque part in its place.
   */
  opaqueTokens?: number;
}

/** Why a provider compaction cannot run offline: the extractive summarizer's and the preview's answer. */
export function offlineProviderCompactionError(provider: CompactionProvider): string {
  return `${provider}-compaction is ${provider === "anthropic" ? "Anthropic's" : "OpenAI's"} own compaction: it runs only against that provider's API (the offline summarizer and the preview never call it)`;
}

/** Summarizes messages into text. Injected into the replay; may be slow, may fail, may be aborted. */
export type Summarizer = (request: SummarizeRequest) => Promise<SummarizeResult>;
