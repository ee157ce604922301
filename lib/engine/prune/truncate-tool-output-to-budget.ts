import type { ToolResultPart } from "../model";
import type { ContextView, MarkRequest } from "../strategies/strategy";

/** gemini-cli-core 0.61 (`COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET`): tool output kept whole, newest first. */
export const GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET = 50_000;
/** gemini-cli-core 0.61 (`DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD`): the most characters a truncated output shows. */
export const GEMINI_TRUNCATE_TOOL_OUTPUT_CHARS = 40_000;
/** gemini-cli's split of a truncated output: 20% from its head, the rest from its tail. */
const HEAD_SHARE = 0.2;

/**
 * gemini-cli-core 0.61's `truncateHistoryToBudget`, the path its chat compression takes after a failed compression
 * instead of summarizing again. Walking tool results from the newest (parts too, last first), their tokens add up;
 * the newest `GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET` tokens stay whole, and every older result longer than the shown
 * size — `min(4 × (window − context tokens), GEMINI_TRUNCATE_TOOL_OUTPUT_CHARS)` characters, gemini's estimate of the
 * room left — keeps 20% of that size from its head and the rest from its tail, with a note naming the file gemini
 * saves the whole output to; the truncated text then counts towards the budget in place of the original.
 *
 * Differences, on purpose: sizes are the replay's estimator tokens (gemini estimates ~3 ASCII characters a token);
 * nothing is saved — the note names `tool-outputs/<tool>_<call id>.txt` as gemini would; a result this pruner already
 * truncated counts as it is now sent and is not truncated again (gemini would truncate its own note once more); a
 * result carrying images is left alone. Positions before `from` (leading system messages) are never touched.
 */
export function truncateToolOutputToBudget(context: ContextView, options: { from: number; window: number }): MarkRequest[] {
  const shown = Math.max(0, Math.min(4 * (options.window - context.tokens), GEMINI_TRUNCATE_TOOL_OUTPUT_CHARS));
  const head = Math.floor(shown * HEAD_SHARE);
  const marks: MarkRequest[] = [];
  const truncateAt = (position: number, partIndex: number, part: ToolResultPart) => {
    const mark = { kind: "soft-trimmed" as const, head, tail: shown - head, originalChars: part.output.length, savedAs: savedAs(part.name ?? "tool", part.callId) };
    marks.push({ position, partIndex, pruner: "truncate-to-budget", mark });
    return mark;
  };
  let used = 0;
  for (let position = context.length - 1; position >= options.from; position--) {
    const { message } = context.entry(position);
    for (let partIndex = message.parts.length - 1; partIndex >= 0; partIndex--) {
      const part = message.parts[partIndex];
      if (part.type !== "tool-result") continue;
      if (used > GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET) {
        // the newest results have spent the budget: no older one fits in it again, so each is truncated by its size
        // alone, and one already marked stays as it is — only the unmarked ones are walked (the rest are stepped over)
        for (const older of context.unmarkedToolResults(position, partIndex)) {
          if (older.position < options.from) break;
          const olderPart = context.entry(older.position).message.parts[older.partIndex] as ToolResultPart;
          if (olderPart.output.length <= shown || olderPart.images.length > 0 || context.markOf(older.position, older.partIndex)) continue;
          truncateAt(older.position, older.partIndex, olderPart);
        }
        return marks;
      }
      const tokens = context.partTokens(position, partIndex);
      if (used + tokens <= GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET || part.output.length <= shown || part.images.length > 0 || context.markOf(position, partIndex)) {
        used += tokens;
        continue;
      }
      used += context.partTokensUnder(position, partIndex, truncateAt(position, partIndex, part));
    }
  }
  return marks;
}

/** Where gemini-cli saves a truncated output: tool-outputs/<tool>_<id>.txt, both sanitized to [a-z0-9_-]. */
function savedAs(toolName: string, callId: string): string {
  const clean = (text: string) => text.replace(/[^a-zA-Z0-9_-]/g, "_").toLowerCase();
  return `tool-outputs/${clean(toolName)}_${clean(callId)}.txt`;
}
