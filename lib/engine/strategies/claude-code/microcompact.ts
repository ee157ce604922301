import { fileOperationOf } from "../pi/file-operations";
import type { ContextView, MarkRequest, ProtectionRequest } from "../strategy";

/** What Claude Code puts in place of a cleared tool result. */
export const MICROCOMPACT_PLACEHOLDER = "[Old tool result content cleared]";

export interface MicrocompactSettings {
  microcompactKeepRecent: number;
  microcompactMinimumSavings: number;
  compactableTools: readonly string[];
}

/** Tool names compared loosely: case and separators ignored, a trailing "file" dropped (`read_file` is Read). */
export function normalizeToolName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/file$/, "");
}

/**
 * Claude Code's microcompact: every result of a compactable tool except the newest `microcompactKeepRecent` is
 * cleared — or nothing, when that would free less than `microcompactMinimumSavings` tokens (scaled). Results
 * already cleared are skipped and count towards neither. Returns the marks, the scaled tokens they free and
 * the kept newest results (for the timeline; empty when nothing is cleared).
 */
export function microcompact(
  context: ContextView,
  settings: MicrocompactSettings,
): { marks: MarkRequest[]; freed: number; protected: ProtectionRequest[] } {
  const compactableNames = new Set(settings.compactableTools.map(normalizeToolName));
  // tool names repeat: each distinct name is normalised once per call
  const isCompactable = new Map<string, boolean>();
  const mark = { kind: "cleared", placeholder: MICROCOMPACT_PLACEHOLDER } as const;
  const marks: MarkRequest[] = [];
  const kept: { position: number; partIndex: number }[] = [];
  let seen = 0;
  let freed = 0;
  const visit = (position: number, partIndex: number): void => {
    const part = context.entry(position).message.parts[partIndex];
    if (part.type !== "tool-result" || !part.name) return;
    let compactable = isCompactable.get(part.name);
    if (compactable === undefined) {
      compactable = compactableNames.has(normalizeToolName(part.name));
      isCompactable.set(part.name, compactable);
    }
    if (!compactable || context.markOf(position, partIndex)) return;
    if (++seen <= settings.microcompactKeepRecent) {
      kept.push({ position, partIndex });
      return;
    }
    freed += context.partTokens(position, partIndex) - context.partTokensUnder(position, partIndex, mark);
    marks.push({ position, partIndex, pruner: "microcompact", mark });
  };
  // newest message first, each message's parts in order — over the unmarked results only (the results cleared by
  // earlier passes are stepped over, not walked again: a pass costs what is new since the last one, at any window)
  let group: number[] = [];
  let groupPosition = -1;
  const flush = () => {
    for (let index = group.length - 1; index >= 0; index--) visit(groupPosition, group[index]);
    group = [];
  };
  if (context.length > 0) {
    for (const { position, partIndex } of context.unmarkedToolResults(context.length - 1, Number.MAX_SAFE_INTEGER)) {
      if (position !== groupPosition) {
        flush();
        groupPosition = position;
      }
      if (context.entry(position).message.role === "tool") group.push(partIndex);
    }
    flush();
  }
  const scaled = context.scale(freed);
  if (scaled < settings.microcompactMinimumSavings || marks.length === 0) return { marks: [], freed: 0, protected: [] };
  const label = `newest ${settings.microcompactKeepRecent} compactable tool result${settings.microcompactKeepRecent === 1 ? "" : "s"} (microcompactKeepRecent)`;
  return { marks, freed: scaled, protected: kept.length > 0 ? [{ kind: "parts", label, parts: kept }] : [] };
}

export interface ReattachSettings {
  postCompactMaxFiles: number;
  postCompactMaxTokensPerFile: number;
  postCompactTokenBudget: number;
}

/**
 * The files Claude Code re-attaches after a full compaction: the most recently read distinct files (newest
 * first), each cut to `postCompactMaxTokensPerFile` (4 characters a token), stopping before the total would pass
 * `postCompactTokenBudget`. Content is the transcript's last successful read, unmarked.
 */
export function recentlyReadFiles(context: ContextView, settings: ReattachSettings): { path: string; content: string }[] {
  const pathByCallId = new Map<string, string>();
  for (let position = 0; position < context.length; position++) {
    for (const part of context.entry(position).message.parts) {
      if (part.type !== "tool-call") continue;
      const operation = fileOperationOf(part);
      if (operation?.operation === "read") pathByCallId.set(part.id, operation.path);
    }
  }
  const files: { path: string; content: string }[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let position = context.length - 1; position >= 0 && files.length < settings.postCompactMaxFiles; position--) {
    for (const part of context.entry(position).message.parts) {
      if (part.type !== "tool-result" || part.isError) continue;
      const path = pathByCallId.get(part.callId);
      if (!path || seen.has(path)) continue;
      seen.add(path);
      const content = part.output.slice(0, settings.postCompactMaxTokensPerFile * 4);
      const tokens = Math.ceil(content.length / 4);
      if (total + tokens > settings.postCompactTokenBudget) return files;
      total += tokens;
      files.push({ path, content });
      if (files.length >= settings.postCompactMaxFiles) break;
    }
  }
  return files;
}
