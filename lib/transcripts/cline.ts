import { firstUserRequestTitle } from "./session-title";
import type { CompactionPart, Message, Part, Session } from "../engine/model";
import { blockNotes, claimMessageId, createBlockContext, dropOrphanToolResults, isRecord, orphanNotes, parseAnthropicContent, splitUserParts } from "./anthropic-blocks";
import { invalid } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import type { TranscriptDocument } from "./read-document";

const FORMAT = "cline";

/** How Cline, Roo Code and Kilo Code open a task's first message, and the block they append to user turns. */
const TASK_MARKERS = ["<task>", "<environment_details>", "<user_message>"];

/**
 * A Cline, Roo Code or Kilo Code task's `api_conversation_history.json` (`<globalStorage>/<extension>/tasks/<task
 * id>/`): the Anthropic Messages the extension sends, as an array, each with optional `ts` (milliseconds). Roo Code
 * and Kilo Code add non-destructive condensing — a summary message `{isSummary: true, condenseId}` and the messages it
 * replaced tagged `condenseParent: <condenseId>` — and sliding-window truncation (`truncationParent`,
 * `isTruncationMarker`), and may store OpenAI reasoning items (`{type: "reasoning", …}`, no role).
 *
 * Each summary becomes a recorded compaction: a marker (its first kept message: the first after the summary that no
 * summary replaced) followed by the summary message. Reasoning items and truncation markers are left out and counted
 * in the notes. Detected by a task marker (`<task>`, `<environment_details>`) in a user turn or a `ts` field, before
 * the plain Anthropic importer. No usage: the extensions record tokens in `ui_messages.json`, not here.
 */
export const clineImporter: Importer = {
  id: FORMAT,
  label: "Cline / Roo Code / Kilo Code task (api_conversation_history.json)",
  sniff(document) {
    if (document.kind !== "json" || !Array.isArray(document.value) || document.value.length === 0) return false;
    const messages = document.value.filter(isRecord);
    if (messages.length !== document.value.length || !messages.some((message) => message.role === "user")) return false;
    if (!messages.every((message) => message.role === "user" || message.role === "assistant" || message.type === "reasoning")) return false;
    return messages.some((message) => typeof message.ts === "number" || (message.role === "user" && TASK_MARKERS.some((marker) => textOf(message.content).includes(marker))));
  },
  parse(document, options) {
    return [parseCline(document, options)];
  },
};

function textOf(content: unknown): string {
  if (typeof content === "string") return content.slice(0, 4096);
  if (!Array.isArray(content)) return "";
  return content.map((block) => (isRecord(block) && typeof block.text === "string" ? block.text.slice(0, 4096) : "")).join("\n");
}

function parseCline(document: TranscriptDocument, options: ParseOptions): Session {
  if (document.kind !== "json" || !Array.isArray(document.value)) invalid(FORMAT, { path: "$" }, "a JSON array of messages (api_conversation_history.json)", document.kind === "json" ? document.value : "JSON lines");
  const raw = document.value;
  const context = createBlockContext(FORMAT);
  const used = new Set<string>();
  const messages: Message[] = [];
  const condensed = new Set<string>();
  for (const entry of raw) if (isRecord(entry) && typeof entry.condenseParent === "string") condensed.add(entry.condenseParent);
  const pendingKept: CompactionPart[] = [];
  let reasoningItems = 0;
  let truncationMarkers = 0;
  let summaries = 0;
  const push = (message: Omit<Message, "id">, index: number) => {
    if (message.parts.length === 0) return;
    const id = claimMessageId({ used, preferred: undefined, format: FORMAT, index: messages.length });
    messages.push({ id, ...message, source: { path: `$[${index}]` } });
    // a summary's first kept message: the first message after it that no summary replaced
    if (message.role !== "system" && !message.summary) while (pendingKept.length > 0) pendingKept.shift()!.firstKeptMessageId = id;
  };
  for (let index = 0; index < raw.length; index++) {
    const entry = raw[index];
    const path = `$[${index}]`;
    context.location = { path };
    if (!isRecord(entry)) invalid(FORMAT, { path }, "a message object", entry);
    if (entry.type === "reasoning" && entry.role === undefined) {
      reasoningItems++;
      continue;
    }
    if (entry.isTruncationMarker === true) {
      truncationMarkers++;
      continue;
    }
    if (entry.role !== "user" && entry.role !== "assistant") invalid(FORMAT, { path: `${path}.role` }, '"user" or "assistant" (or a {type: "reasoning"} item)', entry.role);
    const parts = parseAnthropicContent(entry.content, context, `${path}.content`);
    const timestamp = typeof entry.ts === "number" && Number.isFinite(entry.ts) ? { timestamp: new Date(entry.ts).toISOString() } : {};
    if (entry.isSummary === true) {
      summaries++;
      const marker: CompactionPart = { type: "compaction", auto: true };
      if (typeof entry.condenseId !== "string" || condensed.has(entry.condenseId)) pendingKept.push(marker);
      push({ role: "system", parts: [marker], ...timestamp }, index);
      push({ role: "user", summary: true, parts: textParts(parts), ...timestamp }, index);
      continue;
    }
    if (entry.role === "user") {
      const { toolResults, rest } = splitUserParts(parts);
      push({ role: "tool", parts: toolResults, ...timestamp }, index);
      push({ role: "user", parts: rest, ...timestamp }, index);
    } else {
      push({ role: "assistant", parts, ...timestamp }, index);
    }
  }
  const kept = dropOrphanToolResults(messages);
  const notes = [...blockNotes(context), ...orphanNotes(kept.dropped)];
  if (summaries > 0) notes.push(`${summaries} condense summar${summaries === 1 ? "y" : "ies"} (isSummary) read as recorded compactions; the first message, which the extension keeps, stays before them`);
  if (reasoningItems > 0) notes.push(`${reasoningItems} stored reasoning items left out`);
  if (truncationMarkers > 0) notes.push(`${truncationMarkers} sliding-window truncation markers left out`);
  notes.push("no usage: the extension records tokens in ui_messages.json, beside this file");
  return {
    title: firstUserRequestTitle(kept.messages) ?? options.sourceName ?? "Cline task",
    format: FORMAT,
    messages: kept.messages,
    meta: { notes },
  };
}

/** A summary's content as text (an assistant-written summary may carry reasoning blocks). */
function textParts(parts: Part[]): Part[] {
  return parts.filter((part) => part.type === "text");
}
