import type { FormatId, ImagePart, Message, Part, Role, ToolResultPart } from "../engine/model";
import {
  childLocation,
  expectArray,
  expectRecord,
  expectString,
  fail,
  isRecord,
  optionalString,
  type FieldLocation,
  type JsonRecord,
} from "./json-fields";
import type { ToolCallLedger } from "./tool-call-ledger";

const ROLE_BY_OPENAI_ROLE: Record<string, Role> = {
  system: "system",
  developer: "system",
  user: "user",
  assistant: "assistant",
  tool: "tool",
};

export interface ReadOpenAIMessageOptions {
  format: FormatId;
  /** location of the message itself, e.g. `$[0].traj[3]` */
  location: FieldLocation;
  /** the message id to use (OpenAI messages carry none) */
  id: string;
  ledger: ToolCallLedger;
}

/**
 * Reads one OpenAI chat-completions message into a canonical message.
 *
 * - `developer` is read as `system`; `content` may be a string, null, or an array of `text` / `image_url` /
 *   `refusal` / `file` parts (anything else fails, which also keeps Anthropic blocks from passing as OpenAI).
 * - Assistant `tool_calls` become tool-call parts; `arguments` is parsed when it holds a JSON object or array,
 *   else the raw string is kept (see {@link parseToolInput}). `reasoning_content` (DeepSeek and others)
 *   becomes a reasoning part.
 * - A `tool` message answers the most recent unanswered call with its `tool_call_id` (ids are made unique
 *   by the ledger). SWE-agent writes `tool_call_ids: [id]` instead: each id gets a tool-result with the same
 *   output (SWE-agent only ever sends one).
 * - Images keep their media type and size but not a `data:` payload; remote URLs are kept.
 */
export function readOpenAIMessage(value: unknown, options: ReadOpenAIMessageOptions): Message {
  const { location } = options;
  const record = expectRecord(value, location, "a chat message object");
  const openaiRole = expectString(record, "role", location, `a role (${Object.keys(ROLE_BY_OPENAI_ROLE).join(", ")})`);
  const role = ROLE_BY_OPENAI_ROLE[openaiRole];
  if (!role) fail(childLocation(location, "role"), `a role (${Object.keys(ROLE_BY_OPENAI_ROLE).join(", ")})`, openaiRole);
  const message: Message = { id: options.id, role, parts: [], source: sourceOf(location) };
  if (role === "tool") {
    message.parts = readToolResults(record, options);
    return message;
  }
  const reasoning = optionalString(record, "reasoning_content", location);
  if (reasoning) message.parts.push({ type: "reasoning", text: reasoning });
  message.parts.push(...readContent(record.content, childLocation(location, "content")));
  if (role === "assistant" && record.tool_calls !== undefined && record.tool_calls !== null) {
    const callsLocation = childLocation(location, "tool_calls");
    const calls = expectArray(record.tool_calls, callsLocation, "an array of tool calls");
    calls.forEach((call, index) => message.parts.push(readToolCall(call, childLocation(callsLocation, index), options.ledger)));
    // an assistant turn that only calls tools has `content: ""` in some exports; that empty text is noise
    message.parts = message.parts.filter((part) => part.type !== "text" || part.text.length > 0);
  }
  const model = optionalString(record, "model", location);
  if (model) message.model = model;
  return message;
}

/**
 * A tool call's `arguments` as the model wrote them: the parsed value when it is a JSON object or array, else
 * the raw string. Keeping scalars raw makes export exact (`"\"x\""` would otherwise come back as `x`).
 */
export function parseToolInput(raw: string): unknown {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null ? parsed : raw;
  } catch {
    return raw;
  }
}

/** Text of a string-or-parts content, text parts joined with "\n" (for tool outputs and titles). */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((part): part is JsonRecord => isRecord(part) && part.type === "text" && typeof part.text === "string")
    .map((part) => part.text as string)
    .join("\n");
}

function sourceOf(location: FieldLocation): Message["source"] {
  return location.line === undefined ? { path: location.path } : { line: location.line, path: location.path };
}

function readContent(content: unknown, location: FieldLocation): Part[] {
  if (content === undefined || content === null) return [];
  if (typeof content === "string") return [{ type: "text", text: content }];
  const parts = expectArray(content, location, "a string, null or an array of content parts");
  return parts.map((part, index) => readContentPart(part, childLocation(location, index)));
}

function readContentPart(value: unknown, location: FieldLocation): Part {
  const part = expectRecord(value, location, "a content part object");
  const type = expectString(part, "type", location, 'a content part type ("text", "image_url", "refusal", "file")');
  switch (type) {
    case "text":
      return { type: "text", text: expectString(part, "text", location) };
    case "refusal":
      return { type: "text", text: expectString(part, "refusal", location) };
    case "image_url": {
      const image = part.image_url;
      const url = typeof image === "string" ? image : expectString(expectRecord(image, childLocation(location, "image_url")), "url", childLocation(location, "image_url"));
      return imageFromUrl(url);
    }
    case "file": {
      const file = isRecord(part.file) ? part.file : {};
      return { type: "file", mediaType: "application/octet-stream", filename: typeof file.filename === "string" ? file.filename : undefined };
    }
    default:
      return fail(childLocation(location, "type"), 'a content part type ("text", "image_url", "refusal", "file")', type);
  }
}

function imageFromUrl(url: string): ImagePart {
  const data = /^data:([^;,]+)(;base64)?,/.exec(url);
  if (!data) return { type: "image", mediaType: "image/*", url };
  const payload = url.slice(data[0].length);
  if (!data[2]) return { type: "image", mediaType: data[1], bytes: payload.length };
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return { type: "image", mediaType: data[1], bytes: Math.floor((payload.length * 3) / 4) - padding };
}

function readToolCall(value: unknown, location: FieldLocation, ledger: ToolCallLedger): Part {
  const call = expectRecord(value, location, "a tool call object");
  const sourceId = expectString(call, "id", location, "a tool call id");
  if (isRecord(call.custom)) {
    const custom = call.custom;
    const customLocation = childLocation(location, "custom");
    const name = expectString(custom, "name", customLocation);
    return { type: "tool-call", id: ledger.addCall(sourceId, name), name, input: optionalString(custom, "input", customLocation) ?? "" };
  }
  const functionLocation = childLocation(location, "function");
  const fn = expectRecord(call.function, functionLocation, 'a "function" object with name and arguments');
  const name = expectString(fn, "name", functionLocation, "a function name");
  const rawArguments = fn.arguments ?? "";
  const input = typeof rawArguments === "string" ? parseToolInput(rawArguments) : rawArguments;
  return { type: "tool-call", id: ledger.addCall(sourceId, name), name, input };
}

function readToolResults(record: JsonRecord, options: ReadOpenAIMessageOptions): ToolResultPart[] {
  const { location } = options;
  const sourceIds = toolCallIdsOf(record, location);
  const output = contentText(record.content);
  const images = Array.isArray(record.content)
    ? record.content
        .filter((part): part is JsonRecord => isRecord(part) && part.type === "image_url")
        .map((part, index) => {
          const { type: _type, ...image } = readContentPart(part, childLocation(childLocation(location, "content"), index)) as ImagePart;
          return image;
        })
    : [];
  const name = optionalString(record, "name", location);
  return sourceIds.map((sourceId) => {
    const call = options.ledger.answer(sourceId);
    if (!call) fail(childLocation(location, "tool_call_id"), "the id of an earlier, unanswered assistant tool call", sourceId);
    return { type: "tool-result", callId: call.id, name: name ?? call.name, output, isError: false, images };
  });
}

function toolCallIdsOf(record: JsonRecord, location: FieldLocation): string[] {
  if (record.tool_call_id === undefined && Array.isArray(record.tool_call_ids)) {
    const idsLocation = childLocation(location, "tool_call_ids");
    if (record.tool_call_ids.length === 0) fail(idsLocation, "at least one tool call id", record.tool_call_ids);
    return record.tool_call_ids.map((id, index) => {
      if (typeof id !== "string") fail(childLocation(idsLocation, index), "a tool call id string", id);
      return id;
    });
  }
  return [expectString(record, "tool_call_id", location, 'a string "tool_call_id" naming the call it answers')];
}
