import type { ContextView, MarkRequest, ProtectionRequest } from "../strategies/strategy";
import { HARD_CLEAR_PLACEHOLDER } from "./render-marked-part";

/** Seed 004's layer-1 defaults (NOUS_TOOL_* settings); seed 001's context pruning works the same way. */
export const DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS = {
  toolSoftTrimChars: 4_000,
  toolSoftTrimHead: 1_500,
  toolSoftTrimTail: 1_500,
  /** tool-result messages older than this many (counting from the newest) are hard-cleared */
  toolHardClearAfter: 6,
  /** the newest tool-result messages never touched */
  keepLastToolResults: 2,
};
export type SoftTrimHardClearSettings = typeof DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS;

/**
 * Seed 004's layer-1 tool pruning, run before every model call. Counting tool-result messages from the newest
 * (0 = newest): the last `keepLastToolResults` are protected; those at or past `toolHardClearAfter` become the
 * placeholder; the ones between, when longer than `toolSoftTrimChars`, keep head + tail with the seed's
 * `--- trimmed (kept H head + T tail of N chars) ---` marker. Results carrying images are skipped, user text
 * and assistant blocks are never touched (only `tool-result` parts are marked).
 *
 * The walk stops at the first hard-cleared message: everything older was cleared by an earlier pass, so a
 * replay pays only for the messages near the protection line. Reports as pruners "soft-trim" and "hard-clear".
 */
export function softTrimHardClear(
  context: ContextView,
  settings: SoftTrimHardClearSettings = DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS,
): MarkRequest[] {
  const marks: MarkRequest[] = [];
  let age = -1;
  for (let position = context.length - 1; position >= 0; position--) {
    const { message } = context.entry(position);
    if (message.role !== "tool") continue;
    age++;
    if (age < settings.keepLastToolResults) continue;
    const clear = age >= settings.toolHardClearAfter;
    let alreadyCleared = clear;
    // a plain loop, not forEach: this walk runs at every model call, and a closure per message added up
    for (let partIndex = 0; partIndex < message.parts.length; partIndex++) {
      const part = message.parts[partIndex];
      if (part.type !== "tool-result" || part.images.length > 0) continue;
      const current = context.markOf(position, partIndex);
      if (clear) {
        if (current?.kind === "cleared") continue;
        alreadyCleared = false;
        marks.push({ position, partIndex, pruner: "hard-clear", mark: { kind: "cleared", placeholder: HARD_CLEAR_PLACEHOLDER } });
      } else if (!current && part.output.length > settings.toolSoftTrimChars) {
        marks.push({
          position,
          partIndex,
          pruner: "soft-trim",
          mark: { kind: "soft-trimmed", head: settings.toolSoftTrimHead, tail: settings.toolSoftTrimTail, originalChars: part.output.length },
        });
      }
    }
    if (clear && alreadyCleared && message.parts.some((part) => part.type === "tool-result" && part.images.length === 0)) break;
  }
  return marks;
}

/**
 * What {@link softTrimHardClear} never touches: the tail from the oldest of the newest `keepLastToolResults`
 * tool-result messages. Empty when the setting is 0 or the context has no tool result. Walks back only as far
 * as that message, so calling it after a prune that marked something costs no more than the prune did.
 */
export function softTrimHardClearProtection(
  context: ContextView,
  settings: Pick<SoftTrimHardClearSettings, "keepLastToolResults"> = DEFAULT_SOFT_TRIM_HARD_CLEAR_SETTINGS,
): ProtectionRequest[] {
  if (settings.keepLastToolResults <= 0) return [];
  let found = 0;
  let from = -1;
  for (let position = context.length - 1; position >= 0 && found < settings.keepLastToolResults; position--) {
    if (context.entry(position).message.role !== "tool") continue;
    found++;
    from = position;
  }
  if (from < 0) return [];
  const count = settings.keepLastToolResults;
  return [{ kind: "tail", from, label: `last ${count} tool result${count === 1 ? "" : "s"} kept whole (keepLastToolResults)` }];
}
