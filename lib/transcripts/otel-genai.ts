import { firstUserRequestTitle } from "./session-title";
import type { Message, Part, Session, Usage } from "../engine/model";
import { claimMessageId, dropOrphanToolResults, isRecord, orphanNotes } from "./anthropic-blocks";
import { invalid, type SourceLocation } from "./import-error";
import type { Importer, ParseOptions } from "./importer";
import { hasGenAiSpans, OTEL_FORMAT as FORMAT, traceSpans, type TraceSpan } from "./otel-genai-spans";
import { createToolCallLedger, type ToolCallLedger } from "./tool-call-ledger";

/**
 * OpenTelemetry GenAI traces (semantic conventions for GenAI spans, `gen_ai.input.messages` /
 * `gen_ai.output.messages` / `gen_ai.system_instructions`, the messages as JSON: `{role, parts: [{type: "text",
 * content} | {type: "tool_call", id, name, arguments} | {type: "tool_call_response", id, response} | {type:
 * "reasoning", content} | blob / file / uri …]}`). A file holds one session per conversation (`gen_ai.conversation.id`,
 * else the trace id), in the order they start. Within one, the model-call spans are read in start order: each span
 * resends the history, so only the input messages past those already read are added, then its output messages, which
 * carry the span's usage (`gen_ai.usage.input_tokens` counts cached tokens too; `cache_read` / `cache_creation` are
 * split out) and model. A span whose history is shorter than what was read (the agent rewrote its context) is recorded
 * as a compaction followed by the history it sent. Spans without message attributes (tools, agents) are skipped.
 */
export const otelGenAiImporter: Importer = {
  id: FORMAT,
  label: "OpenTelemetry GenAI trace (gen_ai.input.messages / output.messages)",
  sniff: hasGenAiSpans,
  parse(document, options) {
    const spans = traceSpans(document).filter((span) => span.attributes.has("gen_ai.input.messages") || span.attributes.has("gen_ai.output.messages"));
    if (spans.length === 0) invalid(FORMAT, { path: "$" }, "spans with a gen_ai.input.messages or gen_ai.output.messages attribute (content capture on)", "none");
    const groups = new Map<string, TraceSpan[]>();
    for (const span of spans) {
      const conversation = span.attributes.get("gen_ai.conversation.id");
      const key = typeof conversation === "string" && conversation !== "" ? conversation : span.traceId;
      groups.set(key, [...(groups.get(key) ?? []), span]);
    }
    const ordered = [...groups.entries()].map(([key, list]) => ({ key, list: [...list].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0)) }));
    ordered.sort((a, b) => (a.list[0].start < b.list[0].start ? -1 : a.list[0].start > b.list[0].start ? 1 : 0));
    return ordered.map(({ key, list }) => readConversation(key, list, options));
  },
};

interface OtelMessage {
  role: string;
  parts: unknown[];
  at: SourceLocation;
}

function readConversation(key: string, spans: TraceSpan[], options: ParseOptions): Session {
  const messages: Message[] = [];
  const used = new Set<string>();
  const ledger = createToolCallLedger();
  const skipped = new Map<string, number>();
  let seen = 0;
  let rewrites = 0;
  let model: string | undefined;
  const push = (message: Omit<Message, "id">) => {
    if (message.parts.length === 0) return;
    messages.push({ id: claimMessageId({ used, preferred: undefined, format: FORMAT, index: messages.length }), ...message });
  };
  for (const span of spans) {
    const timestamp = span.start > 0n ? { timestamp: new Date(Number(span.start / 1_000_000n)).toISOString() } : {};
    if (messages.length === 0) {
      const instructions = span.attributes.get("gen_ai.system_instructions");
      if (instructions !== undefined) push({ role: "system", parts: readParts(jsonAttribute(instructions, span, "gen_ai.system_instructions"), { ...span.at, path: `${span.at.path}.attributes[gen_ai.system_instructions]` }, { ledger, skipped, role: "system" }), ...timestamp });
    }
    const input = readMessages(span, "gen_ai.input.messages");
    if (messages.length === 0) for (const message of input.filter((entry) => entry.role === "system")) push({ role: "system", parts: readParts(message.parts, message.at, { ledger, skipped, role: "system" }) });
    const history = input.filter((message) => message.role !== "system");
    if (history.length < seen) {
      rewrites++;
      push({ role: "system", parts: [{ type: "compaction", auto: true }], ...timestamp });
      seen = 0;
    }
    for (const message of history.slice(seen)) push(canonical(message, { ledger, skipped, timestamp }));
    const output = readMessages(span, "gen_ai.output.messages");
    const spanModel = stringAttribute(span, "gen_ai.response.model") ?? stringAttribute(span, "gen_ai.request.model");
    if (spanModel) model = spanModel;
    const usage = usageOf(span);
    output.forEach((message, index) => {
      const read = canonical(message, { ledger, skipped, timestamp });
      push({ ...read, ...(index === output.length - 1 && usage ? { usage } : {}), ...(spanModel && read.role === "assistant" ? { model: spanModel } : {}) });
    });
    seen = history.length + output.length;
  }
  const kept = dropOrphanToolResults(messages);
  const notes = orphanNotes(kept.dropped);
  if (rewrites > 0) notes.push(`${rewrites} span(s) sent a shorter history than the one before: recorded as compactions`);
  if (skipped.size > 0) notes.push(`skipped parts: ${[...skipped].map(([type, count]) => `${type} ×${count}`).join(", ")}`);
  return {
    title: firstUserRequestTitle(kept.messages) ?? options.sourceName ?? "OpenTelemetry trace",
    format: FORMAT,
    messages: kept.messages,
    meta: { ...(key ? { sourceId: key } : {}), ...(model ? { model } : {}), ...(notes.length > 0 ? { notes } : {}) },
  };
}

function stringAttribute(span: TraceSpan, key: string): string | undefined {
  const value = span.attributes.get(key);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A message attribute's value: a JSON string (as the conventions record it) or the array itself. */
function jsonAttribute(value: unknown, span: TraceSpan, key: string): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return invalid(FORMAT, { ...span.at, path: `${span.at.path}.attributes[${key}]` }, "a JSON array of messages", `${value.slice(0, 40)}…`);
  }
}

function readMessages(span: TraceSpan, key: "gen_ai.input.messages" | "gen_ai.output.messages"): OtelMessage[] {
  const raw = span.attributes.get(key);
  if (raw === undefined) return [];
  const path = `${span.at.path}.attributes[${key}]`;
  const value = jsonAttribute(raw, span, key);
  if (!Array.isArray(value)) invalid(FORMAT, { ...span.at, path }, "an array of messages", value);
  return value.map((message, index) => {
    const at = { ...span.at, path: `${path}[${index}]` };
    if (!isRecord(message)) invalid(FORMAT, at, "a message object {role, parts}", message);
    if (typeof message.role !== "string") invalid(FORMAT, { ...at, path: `${at.path}.role` }, 'a string role ("system", "user", "assistant", "tool")', message.role);
    if (!Array.isArray(message.parts)) invalid(FORMAT, { ...at, path: `${at.path}.parts` }, "an array of parts", message.parts);
    return { role: message.role, parts: message.parts, at };
  });
}

interface PartReading {
  ledger: ToolCallLedger;
  skipped: Map<string, number>;
  role: string;
}

function canonical(message: OtelMessage, reading: { ledger: ToolCallLedger; skipped: Map<string, number>; timestamp: { timestamp?: string } }): Omit<Message, "id"> {
  const parts = readParts(message.parts, message.at, { ...reading, role: message.role });
  const role = message.role === "assistant" ? "assistant" : message.role === "tool" || parts.every((part) => part.type === "tool-result") ? "tool" : message.role === "system" ? "system" : "user";
  return { role, parts, ...reading.timestamp, source: { ...(message.at.line !== undefined ? { line: message.at.line } : {}), path: message.at.path } };
}

function readParts(parts: unknown, at: SourceLocation, reading: PartReading): Part[] {
  if (!Array.isArray(parts)) invalid(FORMAT, at, "an array of parts", parts);
  return parts.flatMap((part, index): Part[] => {
    const partAt = { ...at, path: `${at.path}.parts[${index}]` };
    if (!isRecord(part) || typeof part.type !== "string") invalid(FORMAT, { ...partAt, path: `${partAt.path}.type` }, "a part with a string type", isRecord(part) ? part.type : part);
    switch (part.type) {
      case "text":
        if (typeof part.content !== "string") invalid(FORMAT, { ...partAt, path: `${partAt.path}.content` }, "a string content", part.content);
        return part.content === "" ? [] : [{ type: "text", text: part.content }];
      case "reasoning":
        return typeof part.content === "string" && part.content !== "" ? [{ type: "reasoning", text: part.content }] : [];
      case "tool_call": {
        if (typeof part.name !== "string") invalid(FORMAT, { ...partAt, path: `${partAt.path}.name` }, "a tool name", part.name);
        const sourceId = typeof part.id === "string" && part.id !== "" ? part.id : `${FORMAT}-call-${at.path}-${index}`;
        return [{ type: "tool-call", id: reading.ledger.addCall(sourceId, part.name), name: part.name, input: parseArguments(part.arguments) }];
      }
      case "tool_call_response": {
        const call = typeof part.id === "string" ? reading.ledger.answer(part.id) : undefined;
        const output = typeof part.response === "string" ? part.response : JSON.stringify(part.response ?? null);
        return [{ type: "tool-result", callId: call?.id ?? (typeof part.id === "string" ? part.id : `${FORMAT}-orphan-${index}`), ...(call ? { name: call.name } : {}), output, isError: false, images: [] }];
      }
      case "blob":
      case "uri":
      case "file": {
        const mediaType = typeof part.mime_type === "string" ? part.mime_type : typeof part.modality === "string" ? part.modality : "application/octet-stream";
        if (part.modality === "image" || mediaType.startsWith("image/")) return [{ type: "image", mediaType, ...(typeof part.content === "string" ? { bytes: part.content.length } : {}) }];
        return [{ type: "file", mediaType, ...(typeof part.uri === "string" ? { url: part.uri } : {}) }];
      }
      default:
        reading.skipped.set(part.type, (reading.skipped.get(part.type) ?? 0) + 1);
        return [];
    }
  });
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The span's usage: `input_tokens` includes cached tokens (the conventions' definition), so cache reads and writes are taken out. */
function usageOf(span: TraceSpan): Usage | undefined {
  const count = (key: string) => {
    const value = span.attributes.get(key);
    return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const input = count("gen_ai.usage.input_tokens");
  if (input === undefined) return undefined;
  const cacheRead = count("gen_ai.usage.cache_read.input_tokens") ?? 0;
  const cacheWrite = count("gen_ai.usage.cache_creation.input_tokens") ?? 0;
  return { input: Math.max(0, input - cacheRead - cacheWrite), output: count("gen_ai.usage.output_tokens") ?? 0, cacheRead, cacheWrite };
}
