import type { ContextView, ProtectionRequest } from "../strategies/strategy";
import type { ClearToolUsesSettings } from "./clear-tool-uses";

type Part = { position: number; partIndex: number };

/**
 * What `clearToolUses` deliberately spared, for reporting on its prune events: the newest `keep` tool results
 * ("newest 3 tool results (keep)") and, one region per tool, the results of `excludeTools` it passed.
 *
 * It walks the results as `clearToolUses` does — newest first, excluded tools skipped before they count
 * towards `keep`, stopping at the first result already cleared — so it names only what this clearing passed
 * over: results older than that stop were spared (or cleared) by an earlier one, which reported them then.
 * Call it only when `clearToolUses` cleared something; it does not check the trigger or `clearAtLeast`. Kept
 * beside the pruner so a change to its walk is seen here; an empty region is left out.
 */
export function clearToolUsesProtection(context: ContextView, settings: Pick<ClearToolUsesSettings, "keep" | "excludeTools">): ProtectionRequest[] {
  const newest: Part[] = [];
  const excludedByTool = new Map<string, Part[]>();
  let seen = 0;
  walk: for (let position = context.length - 1; position >= 0; position--) {
    const { message } = context.entry(position);
    for (let partIndex = message.parts.length - 1; partIndex >= 0; partIndex--) {
      const part = message.parts[partIndex];
      if (part.type !== "tool-result") continue;
      if (part.name && settings.excludeTools.includes(part.name)) {
        excludedByTool.set(part.name, [...(excludedByTool.get(part.name) ?? []), { position, partIndex }]);
        continue;
      }
      if (++seen <= settings.keep) {
        newest.push({ position, partIndex });
        continue;
      }
      if (context.markOf(position, partIndex)?.kind === "cleared") break walk;
    }
  }
  const regions: ProtectionRequest[] = [];
  if (newest.length > 0) regions.push({ kind: "parts", label: `newest ${settings.keep} tool result${settings.keep === 1 ? "" : "s"} (keep)`, parts: newest });
  for (const [tool, parts] of excludedByTool) regions.push({ kind: "parts", label: `excluded tool: ${tool} (excludeTools)`, parts });
  return regions;
}
