import { firstUserRequestTitle } from "./session-title";
import type { CompactionPart, Message, Part, Session, Usage } from "../engine/model";
import { blockNotes, claimMessageId, createBlockContext, dropOrphanToolResults, isRecord, orphanNotes, parseAnthropicContent, splitUserParts } from "./anthropic-blocks";
import { invalid } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import type { TranscriptDocument } from "./read-document";

const FORMAT = "cline";
/** A task folder's files, as `lab sync` hands a folder over: `{"api_conversation_history.json": […], "ui_messages.json": […]}`. */
const HISTORY_FILE = "api_conversation_history.json";
const UI_FILE = "ui_messages.json";

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
 * the plain Anthropic importer.
 *
 * The history holds no usage: the extensions record each request's tokens in the task's `ui_messages.json`
 * (`{say: "api_req_started", text: "{\"tokensIn\", \"tokensOut\", \"cacheReads\", \"cacheWrites\", \"cost\"}"}`). A task
 * folder handed over whole — `{"api_conversation_history.json": […], "ui_messages.json": […]}`, as `lab sync` reads
 * one — gives each assistant message its request's usage: in order when there are as many finished requests as
 * assistant messages, else the latest request started before the message (by `ts`).
 */
export const clineImporter: Importer = {
  id: FORMAT,
  label: "Cline / Roo Code / Kilo Code task (api_conversation_history.json)",
  sniff(document) {
    if (document.kind !== "json") return false;
    if (isRecord(document.value) && Array.isArray(document.value[HISTORY_FILE])) return true;
    if (!Array.isArray(document.value) || document.value.length === 0) return false;
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
  const folder = document.kind === "json" && isRecord(document.value) ? document.value : null;
  const raw = folder ? folder[HISTORY_FILE] : document.kind === "json" ? document.value : undefined;
  const root = folder ? `$["${HISTORY_FILE}"]` : "$";
  if (!Array.isArray(raw)) invalid(FORMAT, { path: root }, "a JSON array of messages (api_conversation_history.json)", document.kind === "json" ? raw : "JSON lines");
  const requests = folder ? finishedRequests(folder[UI_FILE]) : [];
  const context = createBlockContext(FORMAT);
  const used = new Set<string>();
  const messages: Message[] = [];
  const condensed = new Set<string>();
  for (const entry of raw) if (isRecord(entry) && typeof entry.condenseParent === "string") condensed.add(entry.condenseParent);
  const pendingKept: CompactionPart[] = [];
  let reasoningItems = 0;
  let truncationMarkers = 0;
  let summaries = 0;
  const assistantTimes: (number | null)[] = [];
  const push = (message: Omit<Message, "id">, index: number) => {
    if (message.parts.length === 0) return;
    const id = claimMessageId({ used, preferred: undefined, format: FORMAT, index: messages.length });
    messages.push({ id, ...message, source: { path: `${root}[${index}]` } });
    // a summary's first kept message: the first message after it that no summary replaced
    if (message.role !== "system" && !message.summary) while (pendingKept.length > 0) pendingKept.shift()!.firstKeptMessageId = id;
  };
  for (let index = 0; index < raw.length; index++) {
    const entry = raw[index];
    const path = `${root}[${index}]`;
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
      if (parts.length > 0) assistantTimes.push(typeof entry.ts === "number" ? entry.ts : null);
    }
  }
  const usageNote = attachUsage(messages, assistantTimes, requests);
  const kept = dropOrphanToolResults(messages);
  const notes = [...blockNotes(context), ...orphanNotes(kept.dropped)];
  if (summaries > 0) notes.push(`${summaries} condense summar${summaries === 1 ? "y" : "ies"} (isSummary) read as recorded compactions; the first message, which the extension keeps, stays before them`);
  if (reasoningItems > 0) notes.push(`${reasoningItems} stored reasoning items left out`);
  if (truncationMarkers > 0) notes.push(`${truncationMarkers} sliding-window truncation markers left out`);
  notes.push(usageNote);
  const model = requests.findLast((request) => request.model)?.model;
  return {
    title: firstUserRequestTitle(kept.messages) ?? options.sourceName ?? "Cline task",
    format: FORMAT,
    messages: kept.messages,
    meta: { ...(model ? { model } : {}), notes },
  };
}

interface FinishedRequest {
  ts: number | null;
  usage: Usage;
  model?: string;
}

/** The requests `ui_messages.json` records as finished (with their tokens), in order. Unreadable entries are skipped. */
function finishedRequests(ui: unknown): FinishedRequest[] {
  if (!Array.isArray(ui)) return [];
  return ui.flatMap((entry): FinishedRequest[] => {
    if (!isRecord(entry) || entry.say !== "api_req_started" || typeof entry.text !== "string") return [];
    let info: unknown;
    try {
      info = JSON.parse(entry.text);
    } catch {
      return [];
    }
    if (!isRecord(info) || typeof info.tokensIn !== "number") return [];
    const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0);
    const model = isRecord(entry.modelInfo) && typeof entry.modelInfo.modelId === "string" ? entry.modelInfo.modelId : undefined;
    // the extensions pass the provider's counts on: tokensIn without the cache reads and writes, as Anthropic counts
    return [{ ts: typeof entry.ts === "number" ? entry.ts : null, usage: { input: count(info.tokensIn), output: count(info.tokensOut), cacheRead: count(info.cacheReads), cacheWrite: count(info.cacheWrites) }, ...(model ? { model } : {}) }];
  });
}

/** Gives the assistant messages their requests' usage (see the importer's comment); returns the note saying how. */
function attachUsage(messages: Message[], assistantTimes: readonly (number | null)[], requests: readonly FinishedRequest[]): string {
  if (requests.length === 0) return "no usage: the extension records tokens in ui_messages.json, beside this file";
  const assistants = messages.filter((message) => message.role === "assistant");
  const pick: (FinishedRequest | undefined)[] =
    requests.length === assistants.length
      ? [...requests]
      : assistantTimes.map((ts) => (ts === null ? undefined : requests.findLast((request) => request.ts !== null && request.ts <= ts)));
  let attached = 0;
  const used = new Set<FinishedRequest>();
  assistants.forEach((message, index) => {
    const request = pick[index];
    if (!request || used.has(request)) return;
    used.add(request);
    message.usage = request.usage;
    if (request.model) message.model = request.model;
    attached++;
  });
  return `usage from ui_messages.json: ${attached} of ${assistants.length} assistant messages matched to ${requests.length} finished requests (${requests.length === assistants.length ? "in order" : "by time"})`;
}

/** A summary's content as text (an assistant-written summary may carry reasoning blocks). */
function textParts(parts: Part[]): Part[] {
  return parts.filter((part) => part.type === "text");
}
