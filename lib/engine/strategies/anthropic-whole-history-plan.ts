import type { ProviderCompactionRequest } from "../summarize/summarizer";
import type { CompactionPlan, ContextView, LayoutItem } from "./strategy";

/**
 * What both of Anthropic's server-side compactions (the `compact_20260112` edit and on-demand compaction) do to the
 * context: the whole history after the leading system messages becomes one summary the API writes, sent as a user
 * message; the system messages stay. Null when there is nothing but system messages to compact.
 */
export function anthropicWholeHistoryPlan(options: {
  context: ContextView;
  window: number;
  outputReserve: number;
  reason: string;
  instructions: string | null;
  providerCompaction: ProviderCompactionRequest;
}): CompactionPlan | null {
  const { context } = options;
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system") head++;
  if (head >= context.length) return null;
  const layout: LayoutItem[] = [
    ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
    { kind: "synthetic", role: "user", purpose: "summary", text: "{{summary}}" },
  ];
  return {
    reason: options.reason,
    summaries: [
      {
        ranges: [{ from: 0, to: context.length }],
        request: { system: "", instructions: options.instructions ?? "", format: { style: "continuation" }, providerCompaction: options.providerCompaction },
      },
    ],
    layout,
    budget: options.window - options.outputReserve,
  };
}
