import type { ImagePart, Message, Part, Session, Usage } from "../engine/model";
import type { Importer, ParseOptions } from "./importer";
import {
  childLocation,
  expectArray,
  expectRecord,
  expectString,
  fail,
  isRecord,
  titleSnippet,
  type FieldLocation,
  type JsonRecord,
} from "./json-fields";
import { contentText, parseToolInput } from "./openai-messages";
import { isFlatEvent, readFlatEvents } from "./openhands-flat-events";
import { createToolCallLedger, type ToolCallLedger } from "./tool-call-ledger";

const FORMAT = "openhands";
/** observations without a tool call that never reach the model as such (state changes, "No observation") */
const SKIPPED_OBSERVATIONS = new Set(["null", "agent_state_changed", "recall"]);

/**
 * OpenHands event streams: a bare `[event…]` (replay trajectories), `{history: [event…], …}`, or JSON lines of
 * evaluation instances `{instance_id, history, metrics, …}` (one session per line, titled
 * "instance 2 of 3 — <instance_id>").
 *
 * - Actions with `tool_call_metadata` are tool calls. Actions sharing one `model_response.id` were one model
 *   call, so they go into one assistant message, whose text is the response's content (else the first action's
 *   `thought`) and whose usage is `model_response.usage` (see {@link usageFromCompletion}). The call's input is
 *   the response's own `arguments` for that id (parsed), else the action's `args`.
 * - Observations with `tool_call_metadata` are tool results, each in its own `tool` message (an `error`
 *   observation is `isError`). Command output is sent to the model as `prefix + content + suffix` (the suffix
 *   says the exit code), so the output is built the same way.
 * - `system` actions are the system prompt; `message` actions are user or assistant text (a user message's
 *   `image_urls` become images); observations without a tool call that carry content (e.g. a malformed-call
 *   `error`) were sent back as user messages and are kept as synthetic user text.
 * - A `condensation` action is a recorded compaction: a system marker (`auto`, and `firstKeptMessageId` = the
 *   first message after the forgotten events) and, when it has a `summary`, a summary user message.
 * - Skipped, with counts in meta notes: `recall` actions and observations (OpenHands renders the workspace
 *   context from templates that are not in the file), `change_agent_state`, `agent_state_changed`, "No
 *   observation" (`null`) events, `condensation_request`, and other actions without a tool call.
 */
export const openhandsImporter: Importer = {
  id: FORMAT,
  label: "OpenHands event stream",
  sniff(document) {
    if (document.kind === "jsonl") return isInstance(document.lines[0]?.value);
    const value = document.value;
    if (Array.isArray(value)) return isEvent(value[0]);
    return isInstance(value) && !("trajectory" in value);
  },
  parse(document, options) {
    if (document.kind === "jsonl") {
      return document.lines.map(({ line, value }, index) => {
        const location: FieldLocation = { format: FORMAT, path: "$", line };
        const session = readInstance(expectRecord(value, location, "an instance object with a history array"), location, options);
        const name = typeof session.meta.sourceId === "string" ? session.meta.sourceId : session.title;
        session.title = `instance ${index + 1} of ${document.lines.length} — ${name}`;
        return session;
      });
    }
    const location: FieldLocation = { format: FORMAT, path: "$" };
    if (Array.isArray(document.value)) return [readEvents({ events: document.value, location, options })];
    return [readInstance(expectRecord(document.value, location, "an array of events or an object with a history array"), location, options)];
  },
};

function isEvent(value: unknown): boolean {
  return isRecord(value) && typeof value.source === "string" && (typeof value.action === "string" || typeof value.observation === "string");
}

function isInstance(value: unknown): value is JsonRecord {
  return isRecord(value) && Array.isArray(value.history) && (isEvent(value.history[0]) || isResolverOutput(value));
}

/** A resolver output line: `{issue, instruction, history: [flat event…], …}` (see readFlatEvents). */
function isResolverOutput(value: JsonRecord): boolean {
  return Array.isArray(value.history) && isFlatEvent(value.history[0]) && (typeof value.instruction === "string" || isRecord(value.issue));
}

function readInstance(record: JsonRecord, location: FieldLocation, options: ParseOptions): Session {
  const historyLocation = childLocation(location, "history");
  const events = expectArray(record.history, historyLocation, "an array of events");
  const session = isResolverOutput(record) ? readResolverOutput(record, events, historyLocation, options) : readEvents({ events, location: historyLocation, options });
  if (typeof record.instance_id === "string") session.meta.sourceId = record.instance_id;
  const llmConfig = isRecord(record.metadata) && isRecord(record.metadata.llm_config) ? record.metadata.llm_config : undefined;
  if (typeof llmConfig?.model === "string") session.meta.model = llmConfig.model;
  const metrics = isRecord(record.metrics) ? record.metrics : undefined;
  const accumulated = isRecord(metrics?.accumulated_token_usage) ? metrics.accumulated_token_usage : undefined;
  if (accumulated) {
    session.meta.notes?.push(
      `OpenHands metrics (run totals): prompt_tokens ${accumulated.prompt_tokens}, completion_tokens ${accumulated.completion_tokens}, accumulated_cost ${metrics?.accumulated_cost}`,
    );
  }
  if (typeof record.error === "string") session.meta.notes?.push(`run error: ${record.error}`);
  return session;
}

function readResolverOutput(record: JsonRecord, events: unknown[], location: FieldLocation, options: ParseOptions): Session {
  const { messages, notes } = readFlatEvents({ events, location });
  const issue = isRecord(record.issue) ? record.issue : undefined;
  const issueName = issue && typeof issue.owner === "string" && typeof issue.repo === "string" && typeof issue.number === "number" ? `${issue.owner}/${issue.repo}#${issue.number}` : undefined;
  const firstUser = messages.find((message) => message.role === "user" && !message.synthetic)?.parts[0];
  const title = (typeof issue?.title === "string" && titleSnippet(issue.title)) || (firstUser?.type === "text" && titleSnippet(firstUser.text)) || options.sourceName || "OpenHands resolver output";
  return {
    title,
    format: FORMAT,
    messages,
    meta: { notes, ...(issueName ? { sourceId: issueName } : {}), ...(typeof record.model === "string" ? { model: record.model } : {}) },
  };
}

interface EventReader {
  messages: Message[];
  /** the OpenHands event id each message came from, for condensation's first kept message */
  eventIdByMessage: Map<Message, number>;
  responses: Map<string, Message>;
  ledger: ToolCallLedger;
  skipped: Map<string, number>;
}

function readEvents(input: { events: unknown[]; location: FieldLocation; options: ParseOptions }): Session {
  const reader: EventReader = { messages: [], eventIdByMessage: new Map(), responses: new Map(), ledger: createToolCallLedger(), skipped: new Map() };
  input.events.forEach((value, index) => {
    const location = childLocation(input.location, index);
    const event = expectRecord(value, location, "an event object");
    if (typeof event.action === "string") readAction(reader, event, location);
    else if (typeof event.observation === "string") readObservation(reader, event, location);
    else fail(location, 'an event with a string "action" or "observation"', event);
  });
  const notes = [...reader.skipped].map(([kind, count]) => `skipped ${count} ${kind} event(s): not sent to the model as such`);
  const unanswered = reader.ledger.unanswered();
  if (unanswered.length > 0) notes.push(`${unanswered.length} tool call(s) have no observation: ${unanswered.map((call) => `${call.id} (${call.name})`).join(", ")}.`);
  const firstUser = reader.messages.find((message) => message.role === "user" && !message.synthetic);
  const firstUserText = firstUser?.parts.find((part) => part.type === "text");
  const models = reader.messages.flatMap((message) => (message.model ? [message.model] : []));
  return {
    title: (firstUserText?.type === "text" && titleSnippet(firstUserText.text)) || input.options.sourceName || "OpenHands session",
    format: FORMAT,
    messages: reader.messages,
    meta: { notes, ...(models.length > 0 ? { model: models[0] } : {}), ...startedAt(input.events[0]) },
  };
}

function startedAt(event: unknown): { startedAt?: string } {
  return isRecord(event) && typeof event.timestamp === "string" ? { startedAt: event.timestamp } : {};
}

function skip(reader: EventReader, kind: string): void {
  reader.skipped.set(kind, (reader.skipped.get(kind) ?? 0) + 1);
}

function addMessage(reader: EventReader, message: Message, event: JsonRecord, location: FieldLocation): Message {
  message.source = location.line === undefined ? { path: location.path } : { line: location.line, path: location.path };
  if (typeof event.timestamp === "string") message.timestamp = event.timestamp;
  if (typeof event.id === "number") reader.eventIdByMessage.set(message, event.id);
  reader.messages.push(message);
  return message;
}

function messageId(event: JsonRecord, location: FieldLocation, suffix = ""): string {
  const id = typeof event.id === "number" || typeof event.id === "string" ? String(event.id) : `${FORMAT}-${location.path}`;
  return `${id}${suffix}`;
}

function readAction(reader: EventReader, event: JsonRecord, location: FieldLocation): void {
  const action = event.action as string;
  const args = isRecord(event.args) ? event.args : {};
  if (event.tool_call_metadata !== undefined && event.tool_call_metadata !== null) {
    readToolCall(reader, event, location);
    return;
  }
  const text = typeof args.content === "string" ? args.content : typeof event.message === "string" ? event.message : "";
  switch (action) {
    case "system":
      addMessage(reader, { id: messageId(event, location), role: "system", parts: [{ type: "text", text }] }, event, location);
      return;
    case "message": {
      const role = event.source === "user" ? "user" : "assistant";
      const images: Part[] = Array.isArray(args.image_urls) ? args.image_urls.filter((url): url is string => typeof url === "string").map(imageFromUrl) : [];
      addMessage(reader, { id: messageId(event, location), role, parts: [{ type: "text", text }, ...images] }, event, location);
      return;
    }
    case "condensation":
      readCondensation(reader, event, location);
      return;
    default:
      skip(reader, action);
  }
}

function readToolCall(reader: EventReader, event: JsonRecord, location: FieldLocation): void {
  const metadataLocation = childLocation(location, "tool_call_metadata");
  const metadata = expectRecord(event.tool_call_metadata, metadataLocation, "a tool_call_metadata object");
  const callId = expectString(metadata, "tool_call_id", metadataLocation, "a tool_call_id string");
  const name = expectString(metadata, "function_name", metadataLocation, "a function_name string");
  const response = isRecord(metadata.model_response) ? metadata.model_response : undefined;
  const responseMessage = firstChoiceMessage(response);
  const responseId = typeof response?.id === "string" ? response.id : `event ${messageId(event, location)}`;
  let message = reader.responses.get(responseId);
  if (!message) {
    const args = isRecord(event.args) ? event.args : {};
    const text = contentText(responseMessage?.content) || (typeof args.thought === "string" ? args.thought : "");
    message = addMessage(reader, { id: messageId(event, location), role: "assistant", parts: text ? [{ type: "text", text }] : [] }, event, location);
    const usage = usageFromCompletion(response?.usage);
    if (usage) message.usage = usage;
    if (typeof response?.model === "string") message.model = response.model;
    reader.responses.set(responseId, message);
  }
  message.parts.push({ type: "tool-call", id: reader.ledger.addCall(callId, name), name, input: callInput({ event, responseMessage, callId }) });
}

function firstChoiceMessage(response: JsonRecord | undefined): JsonRecord | undefined {
  const choice = Array.isArray(response?.choices) ? response.choices[0] : undefined;
  return isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
}

function callInput(input: { event: JsonRecord; responseMessage: JsonRecord | undefined; callId: string }): unknown {
  const calls = Array.isArray(input.responseMessage?.tool_calls) ? input.responseMessage.tool_calls : [];
  const call = calls.find((candidate) => isRecord(candidate) && candidate.id === input.callId);
  const fn = isRecord(call) && isRecord(call.function) ? call.function : undefined;
  if (typeof fn?.arguments === "string") return parseToolInput(fn.arguments);
  return input.event.args ?? {};
}

/**
 * Usage of an OpenAI-style (litellm) completion. `prompt_tokens` includes cached and cache-written tokens
 * (litellm folds Anthropic's `cache_read_input_tokens` / `cache_creation_input_tokens` into it, and OpenAI's
 * `cached_tokens` is a subset of it), so `input` is what remains; if a provider reports caches on top of
 * the prompt instead, `input` is the prompt as given. Null when the response has no usage.
 */
export function usageFromCompletion(value: unknown): Usage | undefined {
  if (!isRecord(value) || typeof value.prompt_tokens !== "number") return undefined;
  const details = isRecord(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
  const cacheRead = numberOr(value.cache_read_input_tokens, numberOr(details.cached_tokens, 0));
  const cacheWrite = numberOr(value.cache_creation_input_tokens, 0);
  const prompt = value.prompt_tokens;
  const input = prompt >= cacheRead + cacheWrite ? prompt - cacheRead - cacheWrite : prompt;
  return { input, output: numberOr(value.completion_tokens, 0), cacheRead, cacheWrite };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function readObservation(reader: EventReader, event: JsonRecord, location: FieldLocation): void {
  const observation = event.observation as string;
  const output = observationOutput(event);
  if (event.tool_call_metadata === undefined || event.tool_call_metadata === null) {
    if (SKIPPED_OBSERVATIONS.has(observation) || output.length === 0) skip(reader, observation);
    else addMessage(reader, { id: messageId(event, location), role: "user", synthetic: true, parts: [{ type: "text", text: output }] }, event, location);
    return;
  }
  const metadataLocation = childLocation(location, "tool_call_metadata");
  const metadata = expectRecord(event.tool_call_metadata, metadataLocation, "a tool_call_metadata object");
  const sourceId = expectString(metadata, "tool_call_id", metadataLocation, "a tool_call_id string");
  const call = reader.ledger.answer(sourceId);
  if (!call) fail(childLocation(metadataLocation, "tool_call_id"), "the tool_call_id of an earlier, unanswered action", sourceId);
  addMessage(
    reader,
    { id: messageId(event, location), role: "tool", parts: [{ type: "tool-result", callId: call.id, name: call.name, output, isError: observation === "error", images: [] }] },
    event,
    location,
  );
}

function observationOutput(event: JsonRecord): string {
  const content = typeof event.content === "string" ? event.content : "";
  const metadata = isRecord(event.extras) && isRecord(event.extras.metadata) ? event.extras.metadata : undefined;
  if (!metadata) return content;
  const prefix = typeof metadata.prefix === "string" ? metadata.prefix : "";
  const suffix = typeof metadata.suffix === "string" ? metadata.suffix : "";
  return `${prefix}${content}${suffix}`;
}

function readCondensation(reader: EventReader, event: JsonRecord, location: FieldLocation): void {
  const args = expectRecord(event.args, childLocation(location, "args"), "condensation args");
  const forgotten = forgottenEventIds(args, childLocation(location, "args"));
  const lastForgotten = forgotten.length > 0 ? Math.max(...forgotten) : undefined;
  const firstKept =
    lastForgotten === undefined
      ? undefined
      : reader.messages.find((message) => (reader.eventIdByMessage.get(message) ?? -Infinity) > lastForgotten && !forgotten.includes(reader.eventIdByMessage.get(message)!));
  addMessage(
    reader,
    { id: messageId(event, location), role: "system", parts: [{ type: "compaction", auto: true, ...(firstKept ? { firstKeptMessageId: firstKept.id } : {}) }] },
    event,
    location,
  );
  if (typeof args.summary === "string" && args.summary.length > 0) {
    addMessage(reader, { id: messageId(event, location, "-summary"), role: "user", summary: true, parts: [{ type: "text", text: args.summary }] }, event, location);
  }
}

function forgottenEventIds(args: JsonRecord, location: FieldLocation): number[] {
  if (Array.isArray(args.forgotten_event_ids)) {
    return args.forgotten_event_ids.map((id, index) => {
      if (typeof id !== "number") fail(childLocation(childLocation(location, "forgotten_event_ids"), index), "an event id number", id);
      return id;
    });
  }
  const start = args.forgotten_events_start_id;
  const end = args.forgotten_events_end_id;
  if (typeof start === "number" && typeof end === "number" && end >= start) {
    return Array.from({ length: end - start + 1 }, (_, offset) => start + offset);
  }
  return [];
}

function imageFromUrl(url: string): ImagePart {
  const data = /^data:([^;,]+)/.exec(url);
  return data ? { type: "image", mediaType: data[1] } : { type: "image", mediaType: "image/*", url };
}
