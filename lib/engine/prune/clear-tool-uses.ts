import type { ContextView, MarkRequest } from "../strategies/strategy";
import { CLEARED_TOOL_USE_PLACEHOLDER } from "./render-marked-part";

/** Anthropic context editing `clear_tool_uses_20250919` defaults. */
export const DEFAULT_CLEAR_TOOL_USES_SETTINGS = {
  /** input tokens above which clearing runs */
  trigger: 100_000,
  /** the newest tool uses kept */
  keep: 3,
  /** clear only if at least this many tokens are freed (a cache rewrite should be worth it); 0 = always */
  clearAtLeast: 0,
  excludeTools: [] as string[],
  /** also replace the cleared calls' inputs */
  clearToolInputs: false,
};
export type ClearToolUsesSettings = typeof DEFAULT_CLEAR_TOOL_USES_SETTINGS;

/**
 * Anthropic's `clear_tool_uses`: once the context exceeds `trigger`, every tool result except the newest
 * `keep` tool uses (and tools in `excludeTools`) is replaced by a placeholder, optionally with its call's
 * input — or nothing is cleared if that would free less than `clearAtLeast`. The walk stops at the first
 * result already cleared.
 */
export function clearToolUses(context: ContextView, settings: ClearToolUsesSettings = DEFAULT_CLEAR_TOOL_USES_SETTINGS): MarkRequest[] {
  if (context.tokens <= settings.trigger) return [];
  const marks: MarkRequest[] = [];
  const clearedCallIds = new Set<string>();
  const mark = { kind: "cleared", placeholder: CLEARED_TOOL_USE_PLACEHOLDER } as const;
  let seen = 0;
  let freed = 0;
  let reachedCleared = false;
  for (let position = context.length - 1; position >= 0; position--) {
    const { message } = context.entry(position);
    for (let partIndex = message.parts.length - 1; partIndex >= 0; partIndex--) {
      const part = message.parts[partIndex];
      if (part.type === "tool-call" && clearedCallIds.has(part.id)) {
        const inputMark = { ...mark, inputCleared: true } as const;
        freed += context.partTokens(position, partIndex) - context.partTokensUnder(position, partIndex, inputMark);
        marks.push({ position, partIndex, pruner: "clear-tool-uses", mark: inputMark });
        clearedCallIds.delete(part.id);
      }
      if (part.type !== "tool-result" || reachedCleared) continue;
      if (part.name && settings.excludeTools.includes(part.name)) continue;
      if (++seen <= settings.keep) continue;
      if (context.markOf(position, partIndex)?.kind === "cleared") {
        reachedCleared = true;
        continue;
      }
      freed += context.partTokens(position, partIndex) - context.partTokensUnder(position, partIndex, mark);
      marks.push({ position, partIndex, pruner: "clear-tool-uses", mark });
      if (settings.clearToolInputs) clearedCallIds.add(part.callId);
    }
    if (reachedCleared && clearedCallIds.size === 0) break;
  }
  return context.scale(freed) >= settings.clearAtLeast && marks.length > 0 ? marks : [];
}
