import { firstUserRequestTitle } from "./session-title";
import type { ImageRef, Message, Part, Role, Session, Usage } from "../engine/model";
import { claimMessageId, dropOrphanToolResults, isRecord, orphanNotes } from "./anthropic-blocks";
import { invalid, type SourceLocation } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import type { TranscriptDocument } from "./read-document";

const FORMAT = "codex";
/** Harness text Codex sends as user messages: environment, AGENTS.md and instruction blocks, aborted-turn notices. */
const INJECTED_USER_TEXT = /^\s*(<environment_context>|<user_instructions>|<INSTRUCTIONS>|# AGENTS\.md instructions|<turn_aborted>|<user_shell_command>)/;
const ROLE_BY_SOURCE: Record<string, Role> = { user: "user", assistant: "assistant", developer: "system", system: "system" };
const CALL_TYPES = new Set(["function_call", "custom_tool_call", "local_shell_call", "tool_search_call"]);
const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output", "local_shell_call_output", "tool_search_output"]);

export const codexImporter: Importer = {
  id: FORMAT,
  label: "Codex CLI rollout (JSONL)",
  sniff(document) {
    if (document.kind !== "jsonl") return false;
    const first = document.lines[0]?.value;
    return isRecord(first) && typeof first.type === "string" && "timestamp" in first && isRecord(first.payload);
  },
  parse(document, options) {
    return [parseCodex(document, options)];
  },
};

interface Builder {
  messages: Message[];
  used: Set<string>;
  /** the assistant message of the model call in progress; closed by anything that is not model output */
  assistant: Message | null;
  /** the tool message collecting consecutive outputs */
  tool: Message | null;
  /** the last assistant message that may still receive the usage of its call */
  awaitingUsage: Message | null;
  toolNames: Map<string, string>;
  skipped: Map<string, number>;
  model?: string;
}

/**
 * Imports a Codex rollout: `response_item`s are the model context, `compacted` lines are recorded compactions
 * (marker + summary sent as a user message; older rollouts have only the `context_compacted` event, which then
 * counts instead), and each `token_count` event's `last_token_usage` is the usage of the model call that just
 * ended. Codex's `input_tokens` includes cached (and cache-written) input, so input is stored net of both and the
 * recorded context stays `input_tokens`. All-zero token counts are placeholders and are not attached.
 *
 * Items of one model call are written one per line (reasoning, message, calls), interleaved with outputs when tools
 * run during streaming; consecutive model items merge into one assistant message, and an output or a token count
 * ends it. Event duplicates of messages (`user_message`, `agent_message`, …) are ignored.
 */
function parseCodex(document: TranscriptDocument, options: ParseOptions): Session {
  if (document.kind !== "jsonl") invalid(FORMAT, { path: "$" }, "JSON lines of {timestamp, type, payload}", "a single JSON document");
  const builder: Builder = { messages: [], used: new Set(), assistant: null, tool: null, awaitingUsage: null, toolNames: new Map(), skipped: new Map() };
  const hasCompactedLines = document.lines.some(({ value }) => isRecord(value) && value.type === "compacted");
  const meta: Session["meta"] = {};
  for (const { line, value } of document.lines) {
    if (!isRecord(value)) invalid(FORMAT, { line }, "an object with a string `type` and a `payload` object", value);
    if (typeof value.type !== "string") invalid(FORMAT, { line, path: "type" }, "a string `type` (\"session_meta\", \"response_item\", …)", value.type);
    if (!isRecord(value.payload)) invalid(FORMAT, { line, path: "payload" }, "a `payload` object", value.payload);
    const payload = value.payload;
    const timestamp = typeof value.timestamp === "string" ? value.timestamp : undefined;
    if (value.type === "session_meta" && meta.sourceId === undefined) {
      if (typeof payload.id === "string") meta.sourceId = payload.id;
      if (typeof payload.cwd === "string") meta.cwd = payload.cwd;
      if (typeof payload.timestamp === "string") meta.startedAt = payload.timestamp;
    } else if (value.type === "turn_context" && typeof payload.model === "string") {
      builder.model = meta.model = payload.model;
    } else if (value.type === "response_item") {
      readResponseItem(builder, payload, { line, timestamp });
    } else if (value.type === "compacted") {
      pushCompaction(builder, { line, timestamp, summary: typeof payload.message === "string" ? payload.message : "" });
    } else if (value.type === "event_msg") {
      if (payload.type === "token_count" && isRecord(payload.info)) {
        const window = payload.info.model_context_window;
        if (typeof window === "number" && window > 0) meta.contextWindow = window;
        attachUsage(builder, payload.info.last_token_usage);
      } else if (payload.type === "task_started" && typeof payload.model_context_window === "number" && payload.model_context_window > 0) {
        meta.contextWindow ??= payload.model_context_window;
      } else if (payload.type === "context_compacted" && !hasCompactedLines) {
        pushCompaction(builder, { line, timestamp, summary: "" });
      }
    }
  }
  const { messages, dropped } = dropOrphanToolResults(builder.messages.filter((message) => message.parts.length > 0));
  const notes = [...orphanNotes(dropped)];
  if (builder.skipped.size > 0) notes.push(`skipped items: ${[...builder.skipped].map(([type, count]) => `${type} ×${count}`).join(", ")}`);
  if (notes.length > 0) meta.notes = notes;
  return { title: titleOf(messages, options.sourceName), format: FORMAT, messages, meta };
}

function readResponseItem(builder: Builder, item: Record<string, unknown>, where: { line: number; timestamp?: string }) {
  const location: SourceLocation = { line: where.line };
  const type = item.type;
  if (type === "message") {
    const role = ROLE_BY_SOURCE[item.role as string];
    if (!role) invalid(FORMAT, { ...location, path: "payload.role" }, '"user", "assistant" or "developer"', item.role);
    const parts = contentParts(item.content, builder, location);
    if (role === "assistant") return void assistantMessage(builder, where).parts.push(...parts);
    closeTurn(builder);
    const injected = role === "user" && parts.length > 0 && parts.every((part) => part.type !== "text" || INJECTED_USER_TEXT.test(part.text));
    pushMessage(builder, { role, parts, ...(injected ? { synthetic: true } : {}), ...sourceOf(where) }, item.id);
  } else if (type === "reasoning") {
    assistantMessage(builder, where).parts.push(reasoningPart(item));
  } else if (CALL_TYPES.has(type as string)) {
    assistantMessage(builder, where).parts.push(callPart(builder, item, location));
  } else if (OUTPUT_TYPES.has(type as string)) {
    builder.assistant = null;
    if (!builder.tool) {
      builder.tool = pushMessage(builder, { role: "tool", parts: [], ...sourceOf(where) }, item.id);
    }
    builder.tool.parts.push(outputPart(builder, item, location));
  } else {
    const name = typeof type === "string" ? type : "untyped";
    builder.skipped.set(name, (builder.skipped.get(name) ?? 0) + 1);
  }
}

function assistantMessage(builder: Builder, where: { line: number; timestamp?: string }): Message {
  builder.tool = null;
  if (!builder.assistant) {
    builder.assistant = pushMessage(builder, { role: "assistant", parts: [], ...(builder.model ? { model: builder.model } : {}), ...sourceOf(where) });
    builder.awaitingUsage = builder.assistant;
  }
  return builder.assistant;
}

function closeTurn(builder: Builder) {
  builder.assistant = null;
  builder.tool = null;
}

function pushMessage(builder: Builder, message: Omit<Message, "id">, preferredId?: unknown): Message {
  const id = claimMessageId({ used: builder.used, preferred: preferredId, format: FORMAT, index: builder.messages.length });
  const pushed = { id, ...message };
  builder.messages.push(pushed);
  return pushed;
}

function pushCompaction(builder: Builder, options: { line: number; timestamp?: string; summary: string }) {
  closeTurn(builder);
  builder.awaitingUsage = null;
  const where = sourceOf(options);
  // Codex does not record whether a compaction was automatic; most are (the context limit), /compact is rarer
  pushMessage(builder, { role: "system", parts: [{ type: "compaction", auto: true }], ...where });
  if (options.summary.length > 0) {
    pushMessage(builder, { role: "user", summary: true, parts: [{ type: "text", text: options.summary }], ...where });
  }
}

function attachUsage(builder: Builder, lastUsage: unknown) {
  builder.assistant = null;
  const target = builder.awaitingUsage;
  if (!target || !isRecord(lastUsage) || typeof lastUsage.input_tokens !== "number") return;
  const count = (value: unknown) => (typeof value === "number" ? value : 0);
  const cached = count(lastUsage.cached_input_tokens);
  const written = count(lastUsage.cache_write_input_tokens);
  const usage: Usage = { input: lastUsage.input_tokens - cached - written, output: count(lastUsage.output_tokens), cacheRead: cached, cacheWrite: written };
  if (lastUsage.input_tokens === 0 && usage.output === 0) return;
  target.usage = usage;
  builder.awaitingUsage = null;
}

function contentParts(content: unknown, builder: Builder, location: SourceLocation): Part[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) invalid(FORMAT, { ...location, path: "payload.content" }, "an array of content items", content);
  const parts: Part[] = [];
  content.forEach((item, index) => {
    if (!isRecord(item)) invalid(FORMAT, { ...location, path: `payload.content[${index}]` }, "a content item object", item);
    if ((item.type === "input_text" || item.type === "output_text") && typeof item.text === "string") parts.push({ type: "text", text: item.text });
    else if (item.type === "input_image") parts.push({ type: "image", ...imageRef(item.image_url) });
    else builder.skipped.set(`content ${String(item.type)}`, (builder.skipped.get(`content ${String(item.type)}`) ?? 0) + 1);
  });
  return parts;
}

function imageRef(url: unknown): ImageRef {
  if (typeof url !== "string") return { mediaType: "image" };
  const dataUrl = /^data:([^;,]+)[;,]/.exec(url);
  return dataUrl ? { mediaType: dataUrl[1], bytes: url.length } : { mediaType: "image", url };
}

/** Reasoning keeps the summary text Codex shows; when only the encrypted blob was stored it is marked redacted. */
function reasoningPart(item: Record<string, unknown>): Part {
  const texts = (list: unknown) => (Array.isArray(list) ? list.filter(isRecord).map((entry) => entry.text).filter((text) => typeof text === "string") : []);
  const summary = texts(item.summary);
  const text = (summary.length > 0 ? summary : texts(item.content)).join("\n\n");
  return text.length > 0 ? { type: "reasoning", text } : { type: "reasoning", text: "", redacted: true };
}

function callPart(builder: Builder, item: Record<string, unknown>, location: SourceLocation): Part {
  const id = item.call_id ?? (item.type === "local_shell_call" ? item.id : undefined);
  if (typeof id !== "string" || id.length === 0) invalid(FORMAT, { ...location, path: "payload.call_id" }, "a string call_id", id);
  const name = typeof item.name === "string" ? item.name : item.type === "local_shell_call" ? "local_shell" : item.type === "tool_search_call" ? "tool_search" : null;
  if (!name) invalid(FORMAT, { ...location, path: "payload.name" }, "a string tool name", item.name);
  builder.toolNames.set(id, name);
  let input: unknown;
  if (item.type === "function_call") input = parseArguments(item.arguments);
  else if (item.type === "custom_tool_call") input = item.input;
  else if (item.type === "local_shell_call") input = item.action;
  else input = item.arguments;
  return { type: "tool-call", id, name, input: input ?? {} };
}

/** Function arguments are a JSON string; a string that does not parse is kept raw, as the model wrote it. */
function parseArguments(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function outputPart(builder: Builder, item: Record<string, unknown>, location: SourceLocation): Part {
  const callId = item.call_id;
  if (typeof callId !== "string" || callId.length === 0) invalid(FORMAT, { ...location, path: "payload.call_id" }, "a string call_id", callId);
  const texts: string[] = [];
  const images: ImageRef[] = [];
  let isError = false;
  const output = item.type === "tool_search_output" ? JSON.stringify(item.tools ?? []) : item.output;
  const readItem = (entry: unknown) => {
    if (!isRecord(entry)) return;
    if (typeof entry.text === "string") texts.push(entry.text);
    else if (entry.type === "input_image") images.push(imageRef(entry.image_url));
  };
  if (typeof output === "string") texts.push(output);
  else if (Array.isArray(output)) output.forEach(readItem);
  else if (isRecord(output) && typeof output.content === "string") {
    texts.push(output.content);
    isError = output.success === false;
  } else if (isRecord(output)) readItem(output);
  else if (output !== undefined && output !== null) texts.push(JSON.stringify(output));
  const name = builder.toolNames.get(callId);
  return { type: "tool-result", callId, ...(name ? { name } : {}), output: texts.join("\n"), isError, images };
}

function sourceOf(where: { line: number; timestamp?: string }) {
  return { source: { line: where.line }, ...(where.timestamp ? { timestamp: where.timestamp } : {}) };
}

function titleOf(messages: Message[], sourceName?: string): string {
  return firstUserRequestTitle(messages) ?? sourceName ?? "Codex session";
}
