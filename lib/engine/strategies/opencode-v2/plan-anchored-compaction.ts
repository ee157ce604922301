import type { SummaryFormat } from "../../summarize/summarizer";
import type { CompactionPlan, LayoutItem, StrategyInput } from "../strategy";
import { selectRecentTail } from "./select-recent-tail";

export interface AnchoredCompactionOptions {
  input: Pick<StrategyInput<object>, "context" | "previousSummary">;
  reason: string;
  /** tokens the new context should fit */
  budget: number;
  tailTurns: number;
  /** additive tokens the verbatim tail may take */
  tailBudget: number;
  request: { system: string; instructions: string; format: SummaryFormat; maxOutputTokens: number };
  /** what the summarizer sees of a tool result: its first this many characters (OpenCode's TOOL_OUTPUT_MAX_CHARS) */
  toolOutputMaxChars: number;
  /** the summary message's text, with `{{summary}}` where the summary goes */
  summaryText: string;
}

/**
 * An anchored-summary compaction with a verbatim tail (OpenCode v2, Kilo Code, 2026): the leading system messages
 * stay; the history after the previous summary (which is handed in as `previousSummary`, to be updated rather than
 * rewritten) up to the tail is serialized for the summarizer, each tool output cut to `toolOutputMaxChars`; the
 * newest turns that fit `tailBudget` (see {@link selectRecentTail}) follow the summary unchanged. Null when there is
 * nothing new to summarize (everything after the last summary is the tail).
 */
export function planAnchoredCompaction(options: AnchoredCompactionOptions): CompactionPlan | null {
  const { context, previousSummary } = options.input;
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
  const from = context.lastSummaryPosition >= head ? context.lastSummaryPosition + 1 : head;
  const tail = selectRecentTail({ context, from, tailTurns: options.tailTurns, budget: options.tailBudget });
  const to = tail ?? context.length;
  if (to <= from) return null;
  const layout: LayoutItem[] = [
    ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
    { kind: "synthetic", role: "user", purpose: "summary", text: options.summaryText },
    ...(to < context.length ? [{ kind: "keep" as const, from: to, to: context.length }] : []),
  ];
  return {
    reason: options.reason,
    summaries: [
      {
        ranges: [{ from, to }],
        request: { ...options.request, ...(previousSummary ? { previousSummary } : {}) },
        input: { toolResultPreview: { headChars: options.toolOutputMaxChars, tailChars: 0 } },
      },
    ],
    layout,
    budget: options.budget,
    ...(to < context.length ? { protected: [{ kind: "tail" as const, label: `newest ${options.tailTurns} turn(s) kept verbatim`, from: to }] } : {}),
  };
}
