import { ImportError, invalid } from "./import-error";
import { isRecord } from "./json-fields";
import type { JsonLine } from "./read-document";

/** A chat recording folded from its JSON lines, and the line each of its messages was last written on. */
export interface FoldedRecording {
  record: Record<string, unknown>;
  lineOfMessage: number[];
}

/**
 * Gemini CLI's newer chat recordings (`session-*.jsonl`, gemini-cli 0.40 and later; subagents under
 * `chats/<parent session id>/<id>.jsonl`) folded into the `ConversationRecord` the `.json` files hold, as
 * gemini-cli-core's `loadConversationRecord` reads them: a metadata line (`sessionId`, `projectHash`, …, with the
 * whole legacy record's `messages` when it holds them), message records (an `id`: a later record of the same id
 * replaces the earlier one in its place — Gemini CLI appends a message again as its tool calls and tokens arrive),
 * `{$set: {…}}` metadata updates (a `$set.messages` is a checkpoint: the messages start again from it) and
 * `{$rewindTo: id}` (that message and every later one are dropped; an unknown id drops them all). Any other line is
 * refused naming it.
 */
export function foldChatRecording(lines: readonly JsonLine[], format: string): FoldedRecording {
  let metadata: Record<string, unknown> = {};
  const messages = new Map<string, { value: Record<string, unknown>; line: number }>();
  const setMessages = (list: unknown, line: number) => {
    if (!Array.isArray(list)) return;
    for (const message of list) if (isRecord(message) && typeof message.id === "string") messages.set(message.id, { value: message, line });
  };
  const first = lines[0];
  if (!first || !isRecord(first.value) || typeof first.value.sessionId !== "string" || typeof first.value.projectHash !== "string") {
    invalid(format, { line: first?.line ?? 1 }, "a recording's metadata line {sessionId, projectHash, startTime, …} (JSON lines) or one JSON object {sessionId, projectHash, startTime, messages}", first?.value);
  }
  for (const { line, value } of lines) {
    if (!isRecord(value)) invalid(format, { line }, "a chat recording record (metadata, a message, {$set} or {$rewindTo})", value);
    if (typeof value.$rewindTo === "string") {
      const ids = [...messages.keys()];
      const from = ids.indexOf(value.$rewindTo);
      for (const id of from < 0 ? ids : ids.slice(from)) messages.delete(id);
    } else if (typeof value.id === "string") {
      messages.set(value.id, { value, line });
    } else if (isRecord(value.$set)) {
      if (Array.isArray(value.$set.messages)) {
        messages.clear();
        setMessages(value.$set.messages, line);
      }
      const { messages: _checkpoint, ...rest } = value.$set;
      metadata = { ...metadata, ...rest };
    } else if (typeof value.sessionId === "string" && typeof value.projectHash === "string") {
      const { messages: legacy, ...rest } = value;
      metadata = { ...metadata, ...rest };
      setMessages(legacy, line);
    } else {
      invalid(format, { line }, "a chat recording record: the metadata line {sessionId, projectHash}, a message {id, type}, {$set} or {$rewindTo}", value);
    }
  }
  const kept = [...messages.values()];
  return { record: { ...metadata, messages: kept.map((entry) => entry.value) }, lineOfMessage: kept.map((entry) => entry.line) };
}

/**
 * An ImportError about the folded record's `$.messages[i]…` re-pointed at the line message i was written on, so a
 * JSON-lines recording's errors name lines as the file has them.
 */
export function onRecordingLine(error: unknown, lineOfMessage: readonly number[]): unknown {
  if (!(error instanceof ImportError)) return error;
  const issue = error.issues[0];
  const match = issue?.path ? /^\$\.messages\[(\d+)\]\.?(.*)$/.exec(issue.path) : null;
  const line = match ? lineOfMessage[Number(match[1])] : undefined;
  if (!match || line === undefined) return error;
  const where = match[2] ? `line ${line} (${match[2]})` : `line ${line}`;
  return new ImportError({
    code: error.code,
    format: error.format,
    message: error.message.replace(issue.path!, where),
    issues: [{ ...issue, line, path: match[2] || undefined }],
  });
}
