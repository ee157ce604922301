import type { Message, Session } from "../engine/model";
import { claimMessageId, dropOrphanToolResults, orphanNotes } from "./anthropic-blocks";
import { assistantParts, callUsage, compaction, toolResult } from "./copilot-cli-events";
import type { Importer, ParseOptions } from "./importer";
import { expectRecord, expectString, fail, isRecord, optionalString, type FieldLocation, type JsonRecord } from "./json-fields";
import type { TranscriptDocument } from "./read-document";
import { firstUserRequestTitle } from "./session-title";
import { createToolCallLedger } from "./tool-call-ledger";

const FORMAT = "copilot-cli";

/** events with no part in the model's context: turn markers, hooks, permissions, the terminal's own state */
const CONTEXT_FREE = /^(assistant\.turn_(start|end)|hook\.|permission\.|session\.(?!start$|model_change$|compaction_complete$|truncation$)|tool\.execution_(start|partial_result)$|assistant\.(intent|message_delta|reasoning_delta|reasoning)$)/;

export const copilotCliImporter: Importer = {
  id: FORMAT,
  label: "GitHub Copilot CLI session events (JSONL)",
  sniff(document) {
    if (document.kind !== "jsonl") return false;
    const first = document.lines[0]?.value;
    return isRecord(first) && first.type === "session.start" && isRecord(first.data) && typeof first.data.sessionId === "string";
  },
  parse(document, options) {
    return [parseCopilotCli(document, options)];
  },
};

/**
 * Imports a Copilot CLI session's events. `system.message` is the system prompt; `user.message` a user message with
 * `transformedContent` (what the model was sent: the prompt with the CLI's datetime and reminders) and the title from
 * `content` (what the user typed); `system.notification` a synthetic user message (the CLI tells the model a
 * background shell finished); each `assistant.message` one model call (reasoning, text, `toolRequests[]` as calls,
 * `model`); `tool.execution_complete` events in a row one tool message; `session.compaction_complete` a marker
 * (+ summary when recorded). Usage: the events record only `outputTokens` per call, so messages carry no usage
 * unless an `assistant.usage` event follows (it is then given to the call before it); the output total goes in the notes.
 */
function parseCopilotCli(document: TranscriptDocument, options: ParseOptions): Session {
  if (document.kind !== "jsonl") fail({ format: FORMAT, path: "$" }, 'JSON lines starting with a {"type":"session.start"} event', "a single JSON document");
  const ledger = createToolCallLedger();
  const used = new Set<string>();
  const messages: Message[] = [];
  const meta: Session["meta"] = {};
  const skipped = new Map<string, number>();
  let model: string | undefined;
  let ownTitle: string | undefined;
  let outputTokens = 0;
  let openResults: Message | null = null;
  const push = (message: Omit<Message, "id">, preferred: unknown) => {
    const pushed = { id: claimMessageId({ used, preferred, format: FORMAT, index: messages.length }), ...message };
    messages.push(pushed);
    return pushed;
  };
  for (const { line, value } of document.lines) {
    const at: FieldLocation = { format: FORMAT, line, path: "$" };
    const event = expectRecord(value, at, "an event object {type, data}");
    if (typeof event.type !== "string") fail({ format: FORMAT, line, path: "type" }, 'a string event "type" ("session.start", "user.message", …)', event.type);
    const type = event.type;
    const dataAt: FieldLocation = { format: FORMAT, line, path: "data" };
    const data: JsonRecord = event.data === undefined ? {} : expectRecord(event.data, dataAt, "a `data` object");
    const timestamp = typeof event.timestamp === "string" ? { timestamp: event.timestamp } : {};
    const base = { ...timestamp, source: { line } };
    if (type !== "tool.execution_complete" && !CONTEXT_FREE.test(type)) openResults = null;
    switch (type) {
      case "session.start": {
        meta.sourceId = expectString(data, "sessionId", dataAt, 'a string "sessionId"');
        const context = isRecord(data.context) ? data.context : {};
        if (typeof context.cwd === "string") meta.cwd = context.cwd;
        const started = optionalString(data, "startTime", dataAt) ?? (typeof event.timestamp === "string" ? event.timestamp : undefined);
        if (started) meta.startedAt = started;
        model = optionalString(data, "selectedModel", dataAt) ?? model;
        break;
      }
      case "session.model_change":
        model = optionalString(data, "newModel", dataAt) ?? model;
        break;
      case "system.message":
        push({ role: "system", parts: [{ type: "text", text: expectString(data, "content", dataAt, 'the system prompt as a string "content"') }], ...base }, event.id);
        break;
      case "user.message": {
        const typed = expectString(data, "content", dataAt, 'the user\'s prompt as a string "content"');
        const sent = optionalString(data, "transformedContent", dataAt) ?? typed;
        ownTitle ??= firstUserRequestTitle([{ id: "typed", role: "user", parts: [{ type: "text", text: typed }] }]);
        push({ role: "user", parts: [{ type: "text", text: sent }], ...base }, event.id);
        break;
      }
      case "system.notification":
        push({ role: "user", synthetic: true, parts: [{ type: "text", text: expectString(data, "content", dataAt, 'a string notification "content"') }], ...base }, event.id);
        break;
      case "assistant.message": {
        const parts = assistantParts(data, dataAt, ledger);
        outputTokens += typeof data.outputTokens === "number" ? data.outputTokens : 0;
        const callModel = optionalString(data, "model", dataAt) ?? model;
        if (parts.length > 0) push({ role: "assistant", parts, ...(callModel ? { model: callModel } : {}), ...base }, data.messageId ?? event.id);
        break;
      }
      case "assistant.usage": {
        const usage = callUsage(data, dataAt);
        const call = messages.findLast((message) => message.role === "assistant");
        if (usage && call && !call.usage) call.usage = usage;
        break;
      }
      case "tool.execution_complete": {
        const part = toolResult(data, dataAt, ledger);
        if (openResults) openResults.parts.push(part);
        else openResults = push({ role: "tool", parts: [part], ...base }, event.id);
        break;
      }
      case "session.compaction_complete": {
        const recorded = compaction(data, dataAt);
        if (!recorded) break;
        push({ role: "system", parts: [recorded.part], ...base }, event.id);
        if (recorded.summary) push({ role: "user", summary: true, parts: [{ type: "text", text: recorded.summary }], ...base }, undefined);
        break;
      }
      default:
        if (!CONTEXT_FREE.test(type)) skipped.set(type, (skipped.get(type) ?? 0) + 1);
    }
  }
  if (meta.sourceId === undefined) fail({ format: FORMAT, line: 1, path: "type" }, '"session.start" (the first event)', (document.lines[0]?.value as JsonRecord | undefined)?.type);
  const kept = dropOrphanToolResults(messages);
  const notes = orphanNotes(kept.dropped);
  if (outputTokens > 0) notes.push(`usage: only output tokens are recorded per call (${outputTokens.toLocaleString("en-US")} in all); no input or cache figures, so no recorded context size`);
  if (skipped.size > 0) notes.push(`events not read: ${[...skipped].map(([type, count]) => `${type} ×${count}`).join(", ")}`);
  const unanswered = ledger.unanswered().length;
  if (unanswered > 0) notes.push(`${unanswered} tool call(s) with no tool.execution_complete`);
  const lastModel = kept.messages.findLast((message) => message.model)?.model ?? model;
  return {
    title: ownTitle ?? firstUserRequestTitle(kept.messages) ?? options.sourceName ?? "Copilot CLI session",
    format: FORMAT,
    messages: kept.messages,
    meta: { ...meta, ...(lastModel ? { model: lastModel } : {}), ...(notes.length > 0 ? { notes } : {}) },
  };
}
