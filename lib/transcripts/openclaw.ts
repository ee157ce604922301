import { isRecord } from "./anthropic-blocks";
import type { Importer } from "./importer";
import { parsePiSession, type Entry } from "./pi";

const FORMAT = "openclaw";

/**
 * OpenClaw's session transcripts (`~/.openclaw/agents/<agent>/sessions/<id>.jsonl`; OpenClaw's docs, "Transcript
 * event structure"): pi's session format — a `{type: "session", id, cwd, timestamp}` header, then entries with `id` and
 * `parentId` (message, custom_message, custom, compaction with `firstKeptEntryId` and `tokensBefore`, branch_summary)
 * — plus OpenClaw's `reset` entries, each opening a fresh history window that keeps the messages from its optional
 * `firstKeptEntryId`. Read as pi reads its sessions, from the latest reset on: the messages before it are left out
 * (the model never sees them again; a note counts them), the ones it keeps stay. Detected by a `reset` entry; a file
 * without one reads the same as pi's, so `lab sync` names openclaw's folder's files openclaw and an upload can pick
 * `format=openclaw`.
 */
export const openclawImporter: Importer = {
  id: FORMAT,
  label: "OpenClaw session (JSONL, pi's format with reset windows)",
  sniff(document) {
    if (document.kind !== "jsonl") return false;
    const first = document.lines[0]?.value;
    return isRecord(first) && first.type === "session" && !("payload" in first) && document.lines.some(({ value }) => isRecord(value) && value.type === "reset");
  },
  parse(document, options) {
    return [parsePiSession(document, options, { format: FORMAT, windowOf: latestResetWindow })];
  },
};

/** The entries of the branch a model sees after the latest `reset`: those from its `firstKeptEntryId` (if any) and after it. */
function latestResetWindow(branch: Entry[]): { entries: Entry[]; notes: string[] } {
  const resetAt = branch.findLastIndex((entry) => entry.value.type === "reset");
  if (resetAt < 0) return { entries: branch, notes: [] };
  const keptId = branch[resetAt].value.firstKeptEntryId;
  const keptAt = typeof keptId === "string" ? branch.findIndex((entry) => entry.value.id === keptId) : -1;
  const from = keptAt >= 0 && keptAt < resetAt ? keptAt : resetAt + 1;
  const entries = [...branch.slice(from, resetAt), ...branch.slice(resetAt + 1)];
  const leftOut = branch.slice(0, from).filter((entry) => entry.value.type === "message").length;
  return { entries, notes: leftOut > 0 ? [`${leftOut} messages before the latest reset (line ${branch[resetAt].line}) left out: the model no longer sees them`] : [] };
}
