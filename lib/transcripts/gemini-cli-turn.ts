import type { Message, Part, ToolResultPart, Usage } from "../engine/model";
import { childLocation, expectArray, expectRecord, expectString, fail, isRecord, optionalNumber, optionalString, type FieldLocation, type JsonRecord } from "./json-fields";
import type { ToolCallLedger } from "./tool-call-ledger";

/**
 * One `gemini` entry of a Gemini CLI chat recording, read into the canonical messages it stands for: the model's
 * turn (thought summaries, text, function calls) and, when its calls carry results, the function responses gemini
 * sent back in the next request. The recording keeps a call and its result in one `toolCalls[]` record
 * (gemini-cli-core's `ToolCallRecord`), so the result message is built from the same entry.
 */
export interface GeminiTurn {
  assistant: Omit<Message, "id">;
  results: Omit<Message, "id"> | null;
}

export function readGeminiTurn(entry: JsonRecord, location: FieldLocation, ledger: ToolCallLedger): GeminiTurn {
  const parts: Part[] = [];
  const thoughts = entry.thoughts;
  if (thoughts !== undefined && thoughts !== null) {
    expectArray(thoughts, childLocation(location, "thoughts"), "an array of thought summaries").forEach((thought, index) => {
      const text = thoughtText(thought, childLocation(childLocation(location, "thoughts"), index));
      if (text) parts.push({ type: "reasoning", text });
    });
  }
  parts.push(...contentParts(entry.content, childLocation(location, "content")));
  const results: ToolResultPart[] = [];
  const toolCalls = entry.toolCalls;
  if (toolCalls !== undefined && toolCalls !== null) {
    const callsAt = childLocation(location, "toolCalls");
    expectArray(toolCalls, callsAt, "an array of tool call records").forEach((record, index) => {
      const at = childLocation(callsAt, index);
      const call = expectRecord(record, at, "a tool call record {id, name, args, result, status}");
      const sourceId = expectString(call, "id", at, 'a string call "id"');
      const name = expectString(call, "name", at, 'a string tool "name"');
      const id = ledger.addCall(sourceId, name);
      parts.push({ type: "tool-call", id, name, input: call.args ?? {} });
      const result = readCallResult(call, at);
      if (result) {
        ledger.answer(sourceId);
        results.push({ type: "tool-result", callId: id, name, ...result, images: [] });
      }
    });
  }
  const usage = readTokens(entry.tokens, childLocation(location, "tokens"));
  const model = optionalString(entry, "model", location);
  const timestamp = optionalString(entry, "timestamp", location);
  const stamp = timestamp ? { timestamp } : {};
  const source = location.line === undefined ? { path: location.path } : { line: location.line, path: location.path };
  return {
    assistant: { role: "assistant", parts, ...(usage ? { usage } : {}), ...(model ? { model } : {}), ...stamp, source },
    results: results.length > 0 ? { role: "tool", parts: results, ...stamp, source: { path: `${location.path}.toolCalls` } } : null,
  };
}

/**
 * A message's `content`: a string in the recordings of 2025–26, a `PartListUnion` (a part or an array of parts with
 * `text`) in gemini-cli-core's type. Parts other than text (inline data, file data) are kept as a file part.
 */
export function contentParts(content: unknown, location: FieldLocation): Part[] {
  if (content === undefined || content === null) return [];
  if (typeof content === "string") return content.length > 0 ? [{ type: "text", text: content }] : [];
  const list = Array.isArray(content) ? content : [content];
  return list.flatMap((part, index): Part[] => {
    const at = Array.isArray(content) ? childLocation(location, index) : location;
    if (typeof part === "string") return part.length > 0 ? [{ type: "text", text: part }] : [];
    const record = expectRecord(part, at, "content as a string, a part or an array of parts");
    if (typeof record.text === "string") return record.text.length > 0 ? [{ type: "text", text: record.text }] : [];
    const data = isRecord(record.inlineData) ? record.inlineData : isRecord(record.fileData) ? record.fileData : null;
    if (data) return [{ type: "file", mediaType: typeof data.mimeType === "string" ? data.mimeType : "application/octet-stream" }];
    return [];
  });
}

/** A thought summary `{subject, description}` as reasoning text ("**subject** description"). */
function thoughtText(thought: unknown, location: FieldLocation): string {
  const record = expectRecord(thought, location, "a thought summary {subject, description}");
  const subject = optionalString(record, "subject", location) ?? "";
  const description = optionalString(record, "description", location) ?? "";
  return [subject ? `**${subject}**` : "", description].filter(Boolean).join(" ");
}

/**
 * What the model was sent back for a call: the `functionResponse` parts of `result` (their `response.output`, or
 * `response.error`, or the response as JSON), text parts as they are. No result (a call still running when the
 * file was written, or cancelled before it ran) → null: the call stays unanswered.
 */
function readCallResult(call: JsonRecord, location: FieldLocation): { output: string; isError: boolean } | null {
  const result = call.result;
  if (result === undefined || result === null) return null;
  const at = childLocation(location, "result");
  const parts = Array.isArray(result) ? result : [result];
  if (parts.length === 0) return null;
  let isError = call.status === "error";
  const texts = parts.map((part, index) => {
    const partAt = Array.isArray(result) ? childLocation(at, index) : at;
    if (typeof part === "string") return part;
    const record = expectRecord(part, partAt, "a result part ({functionResponse} or {text})");
    if (typeof record.text === "string") return record.text;
    if (record.functionResponse === undefined) return "";
    const functionResponse = expectRecord(record.functionResponse, childLocation(partAt, "functionResponse"), "a functionResponse object {id, name, response}");
    const response = functionResponse.response;
    if (!isRecord(response)) return response === undefined ? "" : JSON.stringify(response);
    if (typeof response.output === "string") return response.output;
    if (response.error !== undefined) {
      isError = true;
      return typeof response.error === "string" ? response.error : JSON.stringify(response.error);
    }
    return JSON.stringify(response);
  });
  return { output: texts.filter((text) => text.length > 0).join("\n"), isError };
}

/**
 * gemini-cli-core's `TokensSummary` {input, output, cached, thoughts?, tool?, total}, written by its
 * `recordMessageTokens` from the response's usageMetadata: `input` is `promptTokenCount`, which includes the
 * `cached` tokens (`cachedContentTokenCount`), so the uncached input is input − cached, plus `tool`
 * (`toolUsePromptTokenCount`, prompt tokens of built-in tool use, counted apart); `thoughts` are billed as output.
 * Gemini's implicit cache has no write charge (cacheWrite 0). A summary of zeros (a failed call) is no recording.
 */
function readTokens(tokens: unknown, location: FieldLocation): Usage | undefined {
  if (tokens === undefined || tokens === null) return undefined;
  const record = expectRecord(tokens, location, "a tokens object {input, output, cached, thoughts, tool, total}");
  const input = optionalNumber(record, "input", location) ?? 0;
  const cached = optionalNumber(record, "cached", location) ?? 0;
  const output = (optionalNumber(record, "output", location) ?? 0) + (optionalNumber(record, "thoughts", location) ?? 0);
  if (cached > input) fail(childLocation(location, "cached"), `cached tokens no more than the input (${input})`, cached);
  const tool = optionalNumber(record, "tool", location) ?? 0;
  const usage: Usage = { input: input - cached + tool, output, cacheRead: cached, cacheWrite: 0 };
  return usage.input + usage.output + usage.cacheRead > 0 ? usage : undefined;
}
