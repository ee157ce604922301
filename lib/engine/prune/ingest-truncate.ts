import type { ContextView, MarkRequest } from "../strategies/strategy";

/** Seed 002's MaxToolResultChars. */
export const DEFAULT_INGEST_TRUNCATE_SETTINGS = { maxToolResultChars: 40_000 };
export type IngestTruncateSettings = typeof DEFAULT_INGEST_TRUNCATE_SETTINGS;

/**
 * Seed 002's ingest truncation (`TruncateToolResult`): a tool result longer than `maxToolResultChars` keeps
 * its first `maxToolResultChars` characters, irreversibly, as it arrives. Looks only at the newest run of tool
 * messages, so call it at `after-tool-results`; older results were handled when they arrived.
 */
export function ingestTruncate(context: ContextView, settings: IngestTruncateSettings = DEFAULT_INGEST_TRUNCATE_SETTINGS): MarkRequest[] {
  const marks: MarkRequest[] = [];
  let position = context.length - 1;
  while (position >= 0 && context.entry(position).message.role !== "tool") position--;
  for (; position >= 0 && context.entry(position).message.role === "tool"; position--) {
    context.entry(position).message.parts.forEach((part, partIndex) => {
      if (part.type !== "tool-result" || part.output.length <= settings.maxToolResultChars) return;
      if (context.markOf(position, partIndex)) return;
      marks.push({
        position,
        partIndex,
        pruner: "ingest-truncate",
        mark: { kind: "truncated", keptChars: settings.maxToolResultChars, originalChars: part.output.length },
      });
    });
  }
  return marks;
}
