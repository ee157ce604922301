import type { ContextView, MarkRequest, ProtectionRequest } from "../strategies/strategy";
import { PRUNED_PLACEHOLDER } from "./render-marked-part";

/** Seed 003 §5.1's thresholds and protections. */
export const DEFAULT_OPENCODE_PRUNE_SETTINGS = {
  /** tokens of the newest tool output kept (PROTECT) */
  pruneProtect: 40_000,
  /** prune only when at least this much can be freed (MIN_PRUNE), to avoid churn for small gains */
  pruneMinimum: 20_000,
  /** tools whose outputs act as instructions and are never pruned */
  protectedTools: ["skill"] as string[],
  /** the newest user turns whose tool outputs are never pruned */
  protectedUserTurns: 2,
};
export type OpencodePruneSettings = typeof DEFAULT_OPENCODE_PRUNE_SETTINGS;

/**
 * OpenCode's tool-output pruning (seed 003 §5): walk back from the newest message, skip the last two user
 * turns, keep the newest `pruneProtect` tokens of tool output, and mark every older output "pruned" — but
 * only if that frees at least `pruneMinimum` tokens. The walk stops at the latest summary pivot or at an
 * output already pruned (the idempotence boundary: everything older was handled by an earlier pass), which
 * keeps repeated calls cheap. Like OpenCode, the output that crosses the protection line is pruned too.
 */
export function opencodePrune(context: ContextView, settings: OpencodePruneSettings = DEFAULT_OPENCODE_PRUNE_SETTINGS): MarkRequest[] {
  return planOpencodePrune(context, settings).marks;
}

/**
 * {@link opencodePrune} with what the same walk left alone, for the timeline: the last user turns, the
 * `pruneProtect` window (from the oldest output it kept) and the `protectedTools` outputs it passed — those
 * older than the walk's stop were reported by an earlier pass. Protection is empty when nothing is pruned.
 */
export function planOpencodePrune(
  context: ContextView,
  settings: OpencodePruneSettings = DEFAULT_OPENCODE_PRUNE_SETTINGS,
): { marks: MarkRequest[]; protected: ProtectionRequest[] } {
  const candidates: MarkRequest[] = [];
  const protectedByTool = new Map<string, { position: number; partIndex: number }[]>();
  let userTurnsFrom: number | null = null;
  let protectFrom: number | null = null;
  let userTurns = 0;
  let total = 0;
  let freed = 0;
  walk: for (let position = context.length - 1; position >= 0; position--) {
    if (position === context.lastSummaryPosition) break;
    const { message } = context.entry(position);
    if (message.role === "user" && !message.synthetic) userTurns++;
    if (userTurns < settings.protectedUserTurns) continue;
    if (userTurnsFrom === null && settings.protectedUserTurns > 0) userTurnsFrom = position;
    for (let partIndex = message.parts.length - 1; partIndex >= 0; partIndex--) {
      const part = message.parts[partIndex];
      if (part.type !== "tool-result") continue;
      if (part.name && settings.protectedTools.includes(part.name)) {
        const parts = protectedByTool.get(part.name) ?? [];
        parts.push({ position, partIndex });
        protectedByTool.set(part.name, parts);
        continue;
      }
      if (context.markOf(position, partIndex)) break walk;
      const tokens = context.partTokens(position, partIndex);
      total += tokens;
      if (total <= settings.pruneProtect) {
        protectFrom = position;
        continue;
      }
      const mark = { kind: "pruned", placeholder: PRUNED_PLACEHOLDER } as const;
      freed += tokens - context.partTokensUnder(position, partIndex, mark);
      candidates.push({ position, partIndex, mark, pruner: "opencode-prune" });
    }
  }
  if (freed < settings.pruneMinimum) return { marks: [], protected: [] };
  const protection: ProtectionRequest[] = [];
  if (userTurnsFrom !== null) {
    const turns = settings.protectedUserTurns;
    protection.push({ kind: "tail", from: userTurnsFrom, label: `last ${turns} user turn${turns === 1 ? "" : "s"} (protectedUserTurns)` });
  }
  if (protectFrom !== null) {
    protection.push({ kind: "tail", from: protectFrom, label: `newest ${settings.pruneProtect} tokens of tool output (pruneProtect)` });
  }
  for (const [tool, parts] of protectedByTool) protection.push({ kind: "parts", label: `protected tool: ${tool} (protectedTools)`, parts });
  return { marks: candidates, protected: protection };
}
