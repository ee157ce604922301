import type { Message, Session } from "../engine/model";
import { claimMessageId, dropOrphanToolResults, orphanNotes } from "./anthropic-blocks";
import { foldChatRecording, onRecordingLine } from "./gemini-cli-records";
import { contentParts, readGeminiTurn } from "./gemini-cli-turn";
import type { Importer, ParseOptions } from "./importer";
import { childLocation, expectArray, expectRecord, expectString, fail, isRecord, optionalString, type FieldLocation } from "./json-fields";
import type { TranscriptDocument } from "./read-document";
import { firstUserRequestTitle } from "./session-title";
import { createToolCallLedger } from "./tool-call-ledger";

const FORMAT = "gemini-cli";
/** entries shown in Gemini CLI's terminal and never sent to the model (gemini-cli-core's MessageRecord types) */
export const GEMINI_NOTICE_TYPES: ReadonlySet<string> = new Set(["info", "error", "warning"]);

export const geminiCliImporter: Importer = {
  id: FORMAT,
  label: "Gemini CLI chat recording (JSON, or JSON lines since 0.40)",
  sniff(document) {
    if (document.kind === "jsonl") {
      const first = document.lines[0]?.value;
      return isRecord(first) && typeof first.sessionId === "string" && typeof first.projectHash === "string";
    }
    if (!isRecord(document.value)) return false;
    const value = document.value;
    return typeof value.sessionId === "string" && typeof value.projectHash === "string" && Array.isArray(value.messages);
  },
  parse(document, options) {
    if (document.kind === "json") return [parseGeminiCli(document, options)];
    const folded = foldChatRecording(document.lines, FORMAT);
    try {
      return [parseGeminiCli({ kind: "json", value: folded.record }, options)];
    } catch (error) {
      throw onRecordingLine(error, folded.lineOfMessage);
    }
  },
};

/**
 * Imports a Gemini CLI chat recording (`~/.gemini/tmp/<projectHash>/chats/session-*.json`, or `.jsonl` folded by
 * foldChatRecording first; gemini-cli-core's
 * `ConversationRecord`): `user` entries become user messages; each `gemini` entry an assistant message (thought
 * summaries as reasoning, text, function calls, usage from `tokens`, `model`) followed, when its calls carry
 * results, by one tool message with their function responses; `info` / `error` / `warning` entries are terminal
 * notices the model never saw and are left out (counted in the notes). The recording holds no compression record
 * and no working directory (only the project's hash).
 */
function parseGeminiCli(document: TranscriptDocument, options: ParseOptions): Session {
  const root: FieldLocation = { format: FORMAT, path: "$" };
  if (document.kind !== "json") fail(root, "one JSON object {sessionId, projectHash, startTime, messages} (a chat recording)", "JSON lines");
  const record = expectRecord(document.value, root, "a chat recording {sessionId, projectHash, startTime, messages}");
  const sessionId = expectString(record, "sessionId", root, 'a string "sessionId"');
  const startTime = optionalString(record, "startTime", root);
  const entriesAt = childLocation(root, "messages");
  const entries = expectArray(record.messages, entriesAt, "an array of message records");
  const ledger = createToolCallLedger();
  const used = new Set<string>();
  const messages: Message[] = [];
  const push = (message: Omit<Message, "id">, preferred?: string) => {
    messages.push({ id: claimMessageId({ used, preferred, format: FORMAT, index: messages.length }), ...message });
  };
  const notices = new Map<string, number>();
  let emptyTurns = 0;
  entries.forEach((value, index) => {
    const at = childLocation(entriesAt, index);
    const entry = expectRecord(value, at, "a message record {id, timestamp, type, content}");
    const type = expectString(entry, "type", at, '"user", "gemini" or a notice type ("info", "error", "warning")');
    const id = optionalString(entry, "id", at);
    if (GEMINI_NOTICE_TYPES.has(type)) return void notices.set(type, (notices.get(type) ?? 0) + 1);
    if (type === "user") {
      const timestamp = optionalString(entry, "timestamp", at);
      const parts = contentParts(entry.content, childLocation(at, "content"));
      if (parts.length > 0) push({ role: "user", parts, ...(timestamp ? { timestamp } : {}), source: { path: at.path } }, id);
      return;
    }
    if (type !== "gemini") fail(childLocation(at, "type"), '"user", "gemini", "info", "error" or "warning"', type);
    const turn = readGeminiTurn(entry, at, ledger);
    if (turn.assistant.parts.length === 0) return void emptyTurns++;
    push(turn.assistant, id);
    if (turn.results) push(turn.results, id ? `${id}:results` : undefined);
  });
  const kept = dropOrphanToolResults(messages);
  const notes = orphanNotes(kept.dropped);
  if (notices.size > 0) {
    const listed = [...notices].map(([type, count]) => `${count} ${type}`).join(", ");
    notes.push(`${listed} notice(s) shown in the terminal and never sent to the model left out`);
  }
  if (emptyTurns > 0) notes.push(`${emptyTurns} gemini entries with no content left out`);
  const unanswered = ledger.unanswered().length;
  if (unanswered > 0) notes.push(`${unanswered} tool call(s) recorded without a result`);
  const model = kept.messages.findLast((message) => message.model)?.model;
  return {
    title: firstUserRequestTitle(kept.messages) ?? options.sourceName ?? "Gemini CLI session",
    format: FORMAT,
    messages: kept.messages,
    meta: {
      sourceId: sessionId,
      ...(startTime ? { startedAt: startTime } : {}),
      ...(model ? { model } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    },
  };
}
