import { firstUserRequestTitle } from "./session-title";
import type { Message, Part, Session } from "../engine/model";
import { claimMessageId, dropOrphanToolResults, isRecord, orphanNotes, splitUserParts } from "./anthropic-blocks";
import { invalid, type SourceLocation } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import type { TranscriptDocument } from "./read-document";
import { createToolCallLedger, type ToolCallLedger } from "./tool-call-ledger";

const FORMAT = "goose";
const CONTENT_TYPES = new Set(["text", "image", "toolRequest", "toolResponse", "thinking", "redactedThinking", "toolConfirmationRequest", "frontendToolRequest", "contextLengthExceeded", "summarizationRequested", "systemNotification", "actionRequired"]);

/**
 * Goose sessions: the JSON lines Goose wrote to `~/.local/share/goose/sessions/<id>.jsonl` (a metadata line
 * `{working_dir, description, message_count, total_tokens, …}`, then one message per line), or a session as JSON
 * (`goose session export --format json`, Goose's own `Session` with its `conversation`, or `{working_dir, messages}`).
 * Messages are Goose's `{id, role, created (seconds), content, metadata: {userVisible, agentVisible}}`, content in
 * camelCase: text, thinking / redactedThinking, image, `toolRequest {id, toolCall: {status, value: {name, arguments}}}`
 * and `toolResponse {id, toolResult: {status, value}}` (paired by id; an `error` status is an error result).
 * Goose's compaction hides the messages it summarised from the agent (`agentVisible: false`) and adds the summary as a
 * message only the agent sees (`userVisible: false`): that summary is a recorded compaction (a marker, then the
 * summary). Notices (context length exceeded, summarization requested, system notifications, confirmations) are not
 * sent to the model: left out and counted. Goose keeps only the session's token totals, so messages carry no usage.
 */
export const gooseImporter: Importer = {
  id: FORMAT,
  label: "Goose session (JSONL or exported JSON)",
  sniff(document) {
    if (document.kind === "jsonl") {
      const [first, second] = document.lines.map((line) => line.value);
      return isRecord(first) && typeof first.working_dir === "string" && !("role" in first) && (second === undefined || isGooseMessage(second));
    }
    const root = document.value;
    if (!isRecord(root) || typeof root.working_dir !== "string") return false;
    const list = Array.isArray(root.conversation) ? root.conversation : isRecord(root.conversation) && Array.isArray(root.conversation.messages) ? root.conversation.messages : root.messages;
    return Array.isArray(list) && (list.length === 0 || isGooseMessage(list[0]));
  },
  parse(document, options) {
    return [parseGoose(document, options)];
  },
};

function isGooseMessage(value: unknown): boolean {
  return isRecord(value) && (value.role === "user" || value.role === "assistant") && Array.isArray(value.content) && value.content.every((part) => isRecord(part) && CONTENT_TYPES.has(part.type as string));
}

interface GooseEntry {
  value: unknown;
  at: SourceLocation;
}

function entriesOf(document: TranscriptDocument): { header: Record<string, unknown>; entries: GooseEntry[] } {
  if (document.kind === "jsonl") {
    const [first, ...rest] = document.lines;
    if (!isRecord(first.value) || typeof first.value.working_dir !== "string") invalid(FORMAT, { line: first.line, path: "working_dir" }, "a metadata line with the session's working_dir", isRecord(first.value) ? first.value.working_dir : first.value);
    return { header: first.value, entries: rest.map(({ line, value }) => ({ value, at: { line } })) };
  }
  const root = document.value;
  if (!isRecord(root)) invalid(FORMAT, { path: "$" }, "a Goose session object {working_dir, conversation}", root);
  const nested = isRecord(root.conversation) ? root.conversation.messages : undefined;
  const [list, path] = Array.isArray(root.conversation) ? [root.conversation, "$.conversation"] : Array.isArray(nested) ? [nested, "$.conversation.messages"] : [root.messages, "$.messages"];
  if (!Array.isArray(list)) invalid(FORMAT, { path: "$.conversation" }, "the session's messages (`conversation` or `messages`)", list);
  return { header: root, entries: list.map((value, index) => ({ value, at: { path: `${path}[${index}]` } })) };
}

function parseGoose(document: TranscriptDocument, options: ParseOptions): Session {
  const { header, entries } = entriesOf(document);
  const messages: Message[] = [];
  const used = new Set<string>();
  const ledger = createToolCallLedger();
  const skipped = new Map<string, number>();
  let hiddenBefore = false;
  let compactions = 0;
  const push = (message: Omit<Message, "id">, preferred: unknown) => {
    if (message.parts.length === 0) return;
    messages.push({ id: claimMessageId({ used, preferred, format: FORMAT, index: messages.length }), ...message });
  };
  for (const { value, at } of entries) {
    const where = (path: string): SourceLocation => ({ ...at, path: at.path ? `${at.path}.${path}` : path });
    if (!isRecord(value)) invalid(FORMAT, at, "a message object {role, content}", value);
    if (value.role !== "user" && value.role !== "assistant") invalid(FORMAT, where("role"), '"user" or "assistant"', value.role);
    if (!Array.isArray(value.content)) invalid(FORMAT, where("content"), "an array of content items", value.content);
    const metadata = isRecord(value.metadata) ? value.metadata : {};
    const timestamp = typeof value.created === "number" && Number.isFinite(value.created) ? { timestamp: new Date(value.created * 1000).toISOString() } : {};
    const source = { ...(at.line !== undefined ? { line: at.line } : {}), ...(at.path ? { path: at.path } : {}) };
    const parts = value.content.flatMap((item, index) => readContent(item, where(`content[${index}]`), { ledger, skipped }));
    if (metadata.agentVisible === false) hiddenBefore = true;
    if (metadata.userVisible === false && metadata.agentVisible !== false && hiddenBefore) {
      // the summary Goose's compaction left for the agent in place of the hidden messages
      compactions++;
      hiddenBefore = false;
      push({ role: "system", parts: [{ type: "compaction", auto: true }], ...timestamp, source }, undefined);
      push({ role: "user", summary: true, parts: parts.filter((part) => part.type === "text"), ...timestamp, source }, value.id);
      continue;
    }
    if (value.role === "user") {
      const { toolResults, rest } = splitUserParts(parts);
      push({ role: "tool", parts: toolResults, ...timestamp, source }, undefined);
      push({ role: "user", parts: rest, ...timestamp, source }, value.id);
    } else {
      push({ role: "assistant", parts, ...timestamp, source }, value.id);
    }
  }
  const kept = dropOrphanToolResults(messages);
  const notes = orphanNotes(kept.dropped);
  if (compactions > 0) notes.push(`${compactions} Goose compaction(s) (a summary only the agent sees, after messages hidden from it) read as recorded compactions`);
  if (skipped.size > 0) notes.push(`not sent to the model, left out: ${[...skipped].map(([type, count]) => `${type} ×${count}`).join(", ")}`);
  if (typeof header.total_tokens === "number") notes.push(`Goose recorded ${header.total_tokens} tokens for the whole session, none per message`);
  const description = typeof header.description === "string" && header.description.trim() ? header.description.trim() : typeof header.name === "string" && header.name.trim() ? header.name.trim() : undefined;
  return {
    title: description ?? firstUserRequestTitle(kept.messages) ?? options.sourceName ?? "Goose session",
    format: FORMAT,
    messages: kept.messages,
    meta: {
      ...(typeof header.id === "string" ? { sourceId: header.id } : {}),
      cwd: header.working_dir as string,
      ...(notes.length > 0 ? { notes } : {}),
    },
  };
}

function readContent(item: unknown, at: SourceLocation, reading: { ledger: ToolCallLedger; skipped: Map<string, number> }): Part[] {
  if (!isRecord(item) || typeof item.type !== "string") invalid(FORMAT, { ...at, path: `${at.path}.type` }, "a content item with a string type", isRecord(item) ? item.type : item);
  const field = (name: string): SourceLocation => ({ ...at, path: `${at.path}.${name}` });
  switch (item.type) {
    case "text":
      if (typeof item.text !== "string") invalid(FORMAT, field("text"), "a string text", item.text);
      return item.text === "" ? [] : [{ type: "text", text: item.text }];
    case "thinking":
      return typeof item.thinking === "string" && item.thinking !== "" ? [{ type: "reasoning", text: item.thinking }] : [];
    case "redactedThinking":
      return [{ type: "reasoning", text: "", redacted: true }];
    case "image":
      return [{ type: "image", mediaType: typeof item.mimeType === "string" ? item.mimeType : "image", ...(typeof item.data === "string" ? { bytes: item.data.length } : {}) }];
    case "toolRequest": {
      if (typeof item.id !== "string") invalid(FORMAT, field("id"), "a string tool request id", item.id);
      const call = isRecord(item.toolCall) ? item.toolCall : undefined;
      if (!call) invalid(FORMAT, field("toolCall"), "a toolCall {status, value: {name, arguments}}", item.toolCall);
      const request = isRecord(call.value) ? call.value : undefined;
      const name = typeof request?.name === "string" ? request.name : "(invalid tool call)";
      return [{ type: "tool-call", id: reading.ledger.addCall(item.id, name), name, input: request?.arguments ?? (typeof call.error === "string" ? { error: call.error } : {}) }];
    }
    case "toolResponse": {
      if (typeof item.id !== "string") invalid(FORMAT, field("id"), "the string id of the tool request it answers", item.id);
      const result = isRecord(item.toolResult) ? item.toolResult : undefined;
      if (!result) invalid(FORMAT, field("toolResult"), "a toolResult {status, value}", item.toolResult);
      const call = reading.ledger.answer(item.id);
      const value = result.value;
      const contents = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.content) ? value.content : [];
      const output = result.status === "error" ? String(result.error ?? "error") : contents.map((entry) => (isRecord(entry) && typeof entry.text === "string" ? entry.text : "")).filter(Boolean).join("\n");
      const isError = result.status === "error" || (isRecord(value) && value.isError === true);
      return [{ type: "tool-result", callId: call?.id ?? item.id, ...(call ? { name: call.name } : {}), output, isError, images: [] }];
    }
    default:
      reading.skipped.set(item.type, (reading.skipped.get(item.type) ?? 0) + 1);
      return [];
  }
}
