import type { ImageRef, Message, Part, PartRef, Session, Usage } from "../engine/model";
import type { Importer } from "./importer";
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

const FORMAT = "opencode";
const TOOL_STATUSES = ["pending", "running", "completed", "error"] as const;
/** parts that do not reach the model (bookkeeping, diffs, retries, agent/subtask markers) */
const IGNORED_PART_TYPES = new Set(["step-start", "step-finish", "snapshot", "patch", "agent", "subtask", "retry"]);
/** what OpenCode sends in place of a pruned tool output */
export const OPENCODE_PRUNED_PLACEHOLDER = "[Old tool result content cleared]";
const PRUNED_NOTE = /^opencode pruned tool-result (\S+)#(\d+) at (\S+)/;

/**
 * OpenCode session exports (`opencode export <id>`: `{info, messages: [{info, parts}]}`).
 *
 * - A tool part holds call and result: the call goes in the assistant message, the result in a `tool` message
 *   of its own right after it (id = the part id). `error` → isError with the error text; `pending` / `running`
 *   → a call with no result, listed in meta notes.
 * - An assistant message with several steps (older OpenCode: several step-start … step-finish in one message)
 *   was several model calls, so it becomes one assistant message per step (`<id>`, `<id>-step-2`…), each with
 *   its step-finish tokens; a single-step message takes the message's `tokens`. Usage is
 *   `{input, output, cache.read, cache.write}`; all-zero tokens (an aborted call) give no usage.
 * - A user message's `compaction` part is a recorded compaction: a system marker message (id = the user
 *   message id; `auto`; `firstKeptMessageId` = `tail_start_id` when present), followed by the assistant message
 *   flagged `summary: true` as the summary message. Other parts of that user message follow as `<id>-1`.
 * - Synthetic text parts stay text with `synthetic: true` (a message made only of them is synthetic, like the
 *   "Continue if you have next steps" after an auto compaction); `ignored` text parts are dropped because
 *   OpenCode does not send them. step-start/step-finish/snapshot/patch/agent/subtask/retry parts are ignored.
 * - A completed tool part with `state.time.compacted` was pruned by OpenCode: from then on the model was sent
 *   {@link OPENCODE_PRUNED_PLACEHOLDER} instead of the output. The canonical model has no field for that, so
 *   the output is kept (it is what the model saw before the prune, and what a strategy may prune again) and
 *   the prune is recorded as a meta note `opencode pruned tool-result <messageId>#<partIndex> at <ISO time>`;
 *   {@link recordedOpencodePrunes} reads those notes back as part references.
 */
export const opencodeImporter: Importer = {
  id: FORMAT,
  label: "OpenCode session export",
  sniff(document) {
    if (document.kind !== "json" || !isRecord(document.value)) return false;
    const { info, messages } = document.value;
    if (!isRecord(info) || typeof info.id !== "string" || !Array.isArray(messages)) return false;
    const first = messages[0];
    return messages.length === 0 ? info.id.startsWith("ses_") : isRecord(first) && isRecord(first.info) && Array.isArray(first.parts);
  },
  parse(document, options) {
    const root: FieldLocation = { format: FORMAT, path: "$" };
    if (document.kind !== "json") return fail({ ...root, line: 1 }, "one JSON document {info, messages}, not JSON lines");
    const record = expectRecord(document.value, root, "an export object {info, messages}");
    const info = expectRecord(record.info, childLocation(root, "info"), "the session info object");
    const messagesLocation = childLocation(root, "messages");
    const entries = expectArray(record.messages, messagesLocation, "an array of {info, parts} messages");
    const reader: Reader = { messages: [], notes: [] };
    entries.forEach((entry, index) => readEntry(reader, entry, childLocation(messagesLocation, index)));
    const created = isRecord(info.time) && typeof info.time.created === "number" ? new Date(info.time.created).toISOString() : undefined;
    const model = reader.messages.find((message) => message.model)?.model;
    const session: Session = {
      title: optionalString(info, "title", root) || options.sourceName || "OpenCode session",
      format: FORMAT,
      messages: reader.messages,
      meta: {
        sourceId: expectString(info, "id", childLocation(root, "info"), "a session id string"),
        ...(typeof info.directory === "string" ? { cwd: info.directory } : {}),
        ...(created ? { startedAt: created } : {}),
        ...(model ? { model } : {}),
        notes: reader.notes,
      },
    };
    return [session];
  },
};

/** The tool results OpenCode had pruned (`state.time.compacted`), as recorded by the importer in meta notes. */
export function recordedOpencodePrunes(session: Session): Array<PartRef & { prunedAt: string }> {
  return (session.meta.notes ?? []).flatMap((note) => {
    const match = PRUNED_NOTE.exec(note);
    return match ? [{ messageId: match[1], partIndex: Number(match[2]), prunedAt: match[3] }] : [];
  });
}

interface Reader {
  messages: Message[];
  notes: string[];
}

function readEntry(reader: Reader, value: unknown, location: FieldLocation): void {
  const entry = expectRecord(value, location, "a message {info, parts}");
  const infoLocation = childLocation(location, "info");
  const info = expectRecord(entry.info, infoLocation, "a message info object");
  const id = expectString(info, "id", infoLocation, "a message id string");
  const role = expectString(info, "role", infoLocation, 'a role ("user" or "assistant")');
  const partsLocation = childLocation(location, "parts");
  const parts = expectArray(entry.parts, partsLocation, "an array of parts").map((part, index) => {
    const partLocation = childLocation(partsLocation, index);
    const record = expectRecord(part, partLocation, "a part object");
    expectString(record, "type", partLocation, "a part type string");
    return { record, location: partLocation };
  });
  const timestamp = isRecord(info.time) && typeof info.time.created === "number" ? new Date(info.time.created).toISOString() : undefined;
  const base = { timestamp, source: { path: location.path } };
  if (role === "user") readUser(reader, { id, parts, base });
  else if (role === "assistant") readAssistant(reader, { id, info, parts, base, location });
  else fail(childLocation(infoLocation, "role"), 'a role ("user" or "assistant")', role);
}

type LocatedPart = { record: JsonRecord; location: FieldLocation };
type MessageBase = Pick<Message, "timestamp" | "source">;

function readUser(reader: Reader, input: { id: string; parts: LocatedPart[]; base: MessageBase }): void {
  const compactions = input.parts.filter(({ record }) => record.type === "compaction");
  const content = input.parts.filter(({ record }) => record.type !== "compaction").flatMap((part) => contentPart(reader, part));
  let contentId = input.id;
  if (compactions.length > 0) {
    const { record } = compactions[0];
    const marker: Part = { type: "compaction", auto: record.auto === true, ...(typeof record.tail_start_id === "string" ? { firstKeptMessageId: record.tail_start_id } : {}) };
    reader.messages.push(withBase({ id: input.id, role: "system", parts: [marker] }, input.base));
    contentId = `${input.id}-1`;
  }
  if (content.length === 0) return;
  const message = withBase({ id: contentId, role: "user", parts: content }, input.base);
  if (content.every((part) => part.type === "text" && part.synthetic)) message.synthetic = true;
  reader.messages.push(message);
}

function readAssistant(reader: Reader, input: { id: string; info: JsonRecord; parts: LocatedPart[]; base: MessageBase; location: FieldLocation }): void {
  const { info } = input;
  const steps = splitSteps(input.parts);
  const summary = info.summary === true;
  const previous = reader.messages.at(-1);
  if (summary && !previous?.parts.some((part) => part.type === "compaction")) {
    // older OpenCode wrote the summary without a compaction part; the marker is inferred, its trigger unknown
    reader.messages.push(withBase({ id: `${input.id}-marker`, role: "system", parts: [{ type: "compaction", auto: false }] }, input.base));
    reader.notes.push(`compaction marker before summary ${input.id} inferred (no compaction part); auto unknown, set false`);
  }
  if (typeof info.error !== "undefined" && info.error !== null) reader.notes.push(`assistant ${input.id} ended with an error (${errorName(info.error)})`);
  steps.forEach((step, index) => {
    const id = index === 0 ? input.id : `${input.id}-step-${index + 1}`;
    const message = withBase({ id, role: "assistant", parts: [] }, input.base);
    const results: Message[] = [];
    for (const part of step.parts) {
      if (part.record.type === "tool") {
        const { call, result } = toolPart(reader, part, id);
        message.parts.push(call);
        if (result) results.push(result);
      } else {
        message.parts.push(...contentPart(reader, part));
      }
    }
    if (message.parts.length === 0) return;
    if (summary) message.summary = true;
    const usage = usageOf(steps.length > 1 ? step.tokens : info.tokens);
    if (usage) message.usage = usage;
    if (typeof info.modelID === "string") message.model = info.modelID;
    reader.messages.push(message, ...results);
  });
}

/** Parts grouped by step-start; a message without step parts is one step. */
function splitSteps(parts: LocatedPart[]): Array<{ parts: LocatedPart[]; tokens?: unknown }> {
  const steps: Array<{ parts: LocatedPart[]; tokens?: unknown }> = [{ parts: [] }];
  for (const part of parts) {
    const current = steps[steps.length - 1];
    if (part.record.type === "step-start" && (current.parts.length > 0 || current.tokens !== undefined)) steps.push({ parts: [] });
    else if (part.record.type === "step-finish") current.tokens = part.record.tokens;
    else current.parts.push(part);
  }
  return steps.filter((step) => step.parts.length > 0 || step.tokens !== undefined);
}

function contentPart(reader: Reader, { record, location }: LocatedPart): Part[] {
  switch (record.type) {
    case "text":
      if (record.ignored === true) return [];
      return [{ type: "text", text: expectString(record, "text", location), ...(record.synthetic === true ? { synthetic: true } : {}) }];
    case "reasoning":
      return [{ type: "reasoning", text: expectString(record, "text", location) }];
    case "file":
      return [{ type: "file", mediaType: expectString(record, "mime", location, "a mime string"), ...optionalFields(record, location) }];
    default:
      if (!IGNORED_PART_TYPES.has(record.type as string)) reader.notes.push(`ignored part type "${record.type}" at ${location.path}`);
      return [];
  }
}

function optionalFields(record: JsonRecord, location: FieldLocation): { filename?: string; url?: string } {
  const filename = optionalString(record, "filename", location);
  const url = optionalString(record, "url", location);
  return { ...(filename ? { filename } : {}), ...(url && !url.startsWith("data:") ? { url } : {}) };
}

function toolPart(reader: Reader, { record, location }: LocatedPart, messageId: string): { call: Part; result?: Message } {
  const callId = expectString(record, "callID", location, "a callID string");
  const name = expectString(record, "tool", location, "a tool name string");
  const stateLocation = childLocation(location, "state");
  const state = expectRecord(record.state, stateLocation, "a tool state object");
  const status = expectString(state, "status", stateLocation, `a status (${TOOL_STATUSES.join(", ")})`);
  const call: Part = { type: "tool-call", id: callId, name, input: state.input ?? {} };
  if (status === "pending" || status === "running") {
    reader.notes.push(`tool call ${callId} (${name}) in ${messageId} was still ${status} when exported: no result`);
    return { call };
  }
  if (status !== "completed" && status !== "error") fail(childLocation(stateLocation, "status"), `a status (${TOOL_STATUSES.join(", ")})`, status);
  const isError = status === "error";
  const output = isError ? expectString(state, "error", stateLocation, "the error text") : expectString(state, "output", stateLocation, "the tool output string");
  const resultId = typeof record.id === "string" ? record.id : `${messageId}-${callId}`;
  const images = isError ? [] : attachmentImages(state.attachments);
  const result: Message = { id: resultId, role: "tool", parts: [{ type: "tool-result", callId, name, output, isError, images }], source: { path: location.path } };
  const compacted = isRecord(state.time) ? state.time.compacted : undefined;
  if (typeof compacted === "number") {
    reader.notes.push(`opencode pruned tool-result ${resultId}#0 at ${new Date(compacted).toISOString()} (state.time.compacted); original output kept, the model was sent "${OPENCODE_PRUNED_PLACEHOLDER}" from then on`);
  }
  return { call, result };
}

function attachmentImages(value: unknown): ImageRef[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((attachment): attachment is JsonRecord => isRecord(attachment) && typeof attachment.mime === "string" && attachment.mime.startsWith("image/"))
    .map((attachment) => ({
      mediaType: attachment.mime as string,
      ...(typeof attachment.url === "string" && !attachment.url.startsWith("data:") ? { url: attachment.url } : {}),
    }));
}

function usageOf(tokens: unknown): Usage | undefined {
  if (!isRecord(tokens)) return undefined;
  const cache = isRecord(tokens.cache) ? tokens.cache : {};
  const usage = { input: count(tokens.input), output: count(tokens.output), cacheRead: count(cache.read), cacheWrite: count(cache.write) };
  return usage.input + usage.output + usage.cacheRead + usage.cacheWrite > 0 ? usage : undefined;
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function errorName(error: unknown): string {
  return isRecord(error) && typeof error.name === "string" ? error.name : "unknown";
}

function withBase(message: Message, base: MessageBase): Message {
  return { ...message, ...(base.timestamp ? { timestamp: base.timestamp } : {}), ...(base.source ? { source: base.source } : {}) };
}
