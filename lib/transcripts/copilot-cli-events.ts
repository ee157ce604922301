import type { CompactionPart, Part, ToolResultPart, Usage } from "../engine/model";
import { childLocation, expectArray, expectRecord, expectString, optionalNumber, optionalString, type FieldLocation, type JsonRecord } from "./json-fields";
import type { ToolCallLedger } from "./tool-call-ledger";

/**
 * Readers for the `data` of GitHub Copilot CLI session events (`~/.copilot/session-state/<id>/events.jsonl`). Each
 * takes the event's `data` and its location (line, `data…` path) so a bad field is reported where it is.
 */

/** `assistant.message`: reasoning (`reasoningText`, or an opaque blob only), text, then `toolRequests[]` as calls. */
export function assistantParts(data: JsonRecord, location: FieldLocation, ledger: ToolCallLedger): Part[] {
  const parts: Part[] = [];
  const reasoning = optionalString(data, "reasoningText", location);
  if (reasoning) parts.push({ type: "reasoning", text: reasoning });
  else if (typeof data.reasoningOpaque === "string" && data.reasoningOpaque.length > 0) parts.push({ type: "reasoning", text: "", redacted: true });
  const content = optionalString(data, "content", location);
  if (content) parts.push({ type: "text", text: content });
  if (data.toolRequests !== undefined && data.toolRequests !== null) {
    const at = childLocation(location, "toolRequests");
    expectArray(data.toolRequests, at, "an array of tool requests").forEach((request, index) => {
      const requestAt = childLocation(at, index);
      const record = expectRecord(request, requestAt, "a tool request {toolCallId, name, arguments}");
      const sourceId = expectString(record, "toolCallId", requestAt, 'a string "toolCallId"');
      const name = expectString(record, "name", requestAt, 'a string tool "name"');
      parts.push({ type: "tool-call", id: ledger.addCall(sourceId, name), name, input: record.arguments ?? {} });
    });
  }
  return parts;
}

/**
 * `tool.execution_complete`: the result the model was sent — `result.content` (the CLI's `detailedContent` is for
 * the terminal), or `error.message` when `success` is false. A result for a call no request made is returned with
 * the source id as is, and dropped later as an orphan.
 */
export function toolResult(data: JsonRecord, location: FieldLocation, ledger: ToolCallLedger): ToolResultPart {
  const sourceId = expectString(data, "toolCallId", location, 'a string "toolCallId"');
  const call = ledger.answer(sourceId);
  const failed = data.success === false;
  let output = "";
  if (data.result !== undefined && data.result !== null) {
    const result = expectRecord(data.result, childLocation(location, "result"), "a result object {content}");
    output = optionalString(result, "content", childLocation(location, "result")) ?? "";
  }
  if (failed && output.length === 0 && data.error !== undefined && data.error !== null) {
    const error = expectRecord(data.error, childLocation(location, "error"), "an error object {message}");
    output = optionalString(error, "message", childLocation(location, "error")) ?? "";
  }
  return { type: "tool-result", callId: call?.id ?? sourceId, ...(call ? { name: call.name } : {}), output, isError: failed, images: [] };
}

/**
 * `assistant.usage` (the SDK's per-call usage: inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens), when
 * a file has it. `inputTokens` is taken to include the cache reads and writes, as in the OpenAI-style accounting
 * the Copilot API reports; the uncached input is what remains.
 */
export function callUsage(data: JsonRecord, location: FieldLocation): Usage | undefined {
  const count = (key: string) => optionalNumber(data, key, location) ?? 0;
  const cacheRead = count("cacheReadTokens");
  const cacheWrite = count("cacheWriteTokens");
  const usage: Usage = { input: Math.max(0, count("inputTokens") - cacheRead - cacheWrite), output: count("outputTokens"), cacheRead, cacheWrite };
  return usage.input + usage.output + usage.cacheRead + usage.cacheWrite > 0 ? usage : undefined;
}

/** `session.compaction_complete` {success, preCompactionTokens, postCompactionTokens, summaryContent}; null when it failed. */
export function compaction(data: JsonRecord, location: FieldLocation): { part: CompactionPart; summary: string | undefined } | null {
  if (data.success === false) return null;
  const before = optionalNumber(data, "preCompactionTokens", location);
  const after = optionalNumber(data, "postCompactionTokens", location);
  const part: CompactionPart = {
    type: "compaction",
    // the CLI compacts in the background at a threshold; a /compact by hand is not told apart in the events
    auto: true,
    ...(before !== undefined ? { tokensBefore: before } : {}),
    ...(after !== undefined ? { tokensAfter: after } : {}),
  };
  return { part, summary: optionalString(data, "summaryContent", location) };
}
