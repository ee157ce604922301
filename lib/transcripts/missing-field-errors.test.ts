import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORMAT_IDS, type FormatId } from "../engine/model";
import { ImportError, importTranscript } from "./index";

/**
 * Older and newer variants of every format exist in the wild: a record that looks like the format but lacks a field
 * the importer needs is refused with the format, the line (JSON lines) or JSON path, and the missing field named —
 * never a generic "not detected" or a crash. Each case removes one field from a real trimmed fixture.
 */
const FIXTURES = path.join(import.meta.dirname, "fixtures");

type JsonValue = Record<string, unknown> & Record<number, unknown>;

/** The fixture's JSON lines with one field removed from line `line` (1-based). */
function withoutOnLine(file: string, line: number, remove: (record: JsonValue) => void): string {
  const lines = fs.readFileSync(path.join(FIXTURES, file), "utf8").split("\n");
  const record = JSON.parse(lines[line - 1]) as JsonValue;
  remove(record);
  lines[line - 1] = JSON.stringify(record);
  return lines.join("\n");
}

/** The fixture's JSON document with one field removed. */
function without(file: string, remove: (document: JsonValue) => void): string {
  const document = JSON.parse(fs.readFileSync(path.join(FIXTURES, file), "utf8")) as JsonValue;
  remove(document);
  return JSON.stringify(document);
}

const at = (value: unknown, ...keys: (string | number)[]) => keys.reduce<JsonValue>((node, key) => node[key as string] as JsonValue, value as JsonValue);

const CASES: { format: FormatId; what: string; text: string; where: RegExp }[] = [
  { format: "claude-code", what: "a line without its type", text: withoutOnLine("claude-code-merge-and-compaction.jsonl", 2, (record) => delete record.type), where: /at line 2 \(type\)/ },
  { format: "claude-code", what: "a user line without its message", text: withoutOnLine("claude-code-merge-and-compaction.jsonl", 2, (record) => delete record.message), where: /at line 2 \(message\)/ },
  { format: "claude-code", what: "an assistant message without content", text: withoutOnLine("claude-code-merge-and-compaction.jsonl", 3, (record) => delete at(record, "message").content), where: /at line 3 \(message\.content\)/ },
  { format: "codex", what: "a line without its payload", text: withoutOnLine("codex-compacted-without-history.jsonl", 3, (record) => delete record.payload), where: /at line 3 \(payload\)/ },
  { format: "codex", what: "a line without its type", text: withoutOnLine("codex-compacted-without-history.jsonl", 3, (record) => delete record.type), where: /at line 3 \(type\)/ },
  { format: "codex", what: "a message without its role", text: withoutOnLine("codex-compacted-without-history.jsonl", 3, (record) => delete at(record, "payload").role), where: /at line 3 \(payload\.role\)/ },
  { format: "codex", what: "a message without content", text: withoutOnLine("codex-compacted-without-history.jsonl", 3, (record) => delete at(record, "payload").content), where: /at line 3 \(payload\.content\)/ },
  { format: "pi", what: "a line without its type", text: withoutOnLine("pi-v3-branches.jsonl", 2, (record) => delete record.type), where: /at line 2 \(type\)/ },
  { format: "pi", what: "a message entry without its message", text: withoutOnLine("pi-v3-branches.jsonl", 2, (record) => delete record.message), where: /at line 2 \(message\)/ },
  { format: "pi", what: "a message without its role", text: withoutOnLine("pi-v3-branches.jsonl", 2, (record) => delete at(record, "message").role), where: /at line 2 \(message\.role\)/ },
  { format: "pi", what: "a version 3 entry without its id", text: withoutOnLine("pi-v3-branches.jsonl", 2, (record) => delete record.id), where: /at line 2 \(id\)/ },
  { format: "openclaw", what: "a reset window's message without its role", text: withoutOnLine("openclaw-reset-window.jsonl", 8, (record) => delete at(record, "message").role), where: /at line 8 \(message\.role\)/ },
  { format: "openclaw", what: "an entry without its id", text: withoutOnLine("openclaw-reset-window.jsonl", 7, (record) => delete record.id), where: /at line 7 \(id\)/ },
  { format: "cline", what: "a task message without its role", text: without("cline-roo-condensed-task.json", (document) => delete at(document, 1).role), where: /at \$\[1\]\.role/ },
  {
    format: "otel-genai",
    what: "a tool call part without its name",
    text: without("otel-genai-agent-trace.json", (document) => {
      const attribute = (at(document, "resourceSpans", 0, "scopeSpans", 0, "spans", 1, "attributes") as unknown as { key: string; value: { stringValue: string } }[]).find((entry) => entry.key === "gen_ai.output.messages")!;
      const output = JSON.parse(attribute.value.stringValue);
      delete output[0].parts[1].name;
      attribute.value.stringValue = JSON.stringify(output);
    }),
    where: /at \$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[1\]\.attributes\[gen_ai\.output\.messages\]\[0\]\.parts\[1\]\.name/,
  },
  { format: "goose", what: "a tool response without its id", text: withoutOnLine("goose-compacted-session.jsonl", 4, (record) => delete at(record, "content", 0).id), where: /at line 4 \(content\[0\]\.id\)/ },
  { format: "opencode", what: "a message without info", text: without("opencode-auto-compaction.json", (document) => delete at(document, "messages", 0).info), where: /at \$\.messages\[0\]\.info/ },
  { format: "opencode", what: "a message without its role", text: without("opencode-auto-compaction.json", (document) => delete at(document, "messages", 0, "info").role), where: /at \$\.messages\[0\]\.info\.role/ },
  { format: "opencode", what: "a message without parts", text: without("opencode-auto-compaction.json", (document) => delete at(document, "messages", 0).parts), where: /at \$\.messages\[0\]\.parts/ },
  { format: "opencode", what: "a part without its type", text: without("opencode-auto-compaction.json", (document) => delete at(document, "messages", 0, "parts", 0).type), where: /at \$\.messages\[0\]\.parts\[0\]\.type/ },
  { format: "swe-agent", what: "a trajectory without history", text: without("swe-agent-function-calling.traj", (document) => delete document.history), where: /at \$\.history/ },
  { format: "swe-agent", what: "a history message without its role", text: without("swe-agent-function-calling.traj", (document) => delete at(document, "history", 0).role), where: /at \$\.history\[0\]\.role/ },
  { format: "openhands", what: "an action without its tool_call_id", text: without("openhands-condensation.json", (document) => delete at(document, 2, "tool_call_metadata").tool_call_id), where: /at \$\[2\]\.tool_call_metadata\.tool_call_id/ },
  { format: "anthropic", what: "a message without its role", text: without("anthropic-system-and-blocks.json", (document) => delete at(document, "messages", 0).role), where: /at \$\.messages\[0\]\.role/ },
  { format: "anthropic", what: "a message without content", text: without("anthropic-system-and-blocks.json", (document) => delete at(document, "messages", 0).content), where: /at \$\.messages\[0\]\.content/ },
  { format: "openai", what: "a message without its role", text: without("openai-mixed-content.json", (document) => delete at(document, "messages", 1).role), where: /at \$\.messages\[1\]\.role/ },
  { format: "gemini-cli", what: "a recording without its sessionId", text: without("gemini-cli-call-and-notice.json", (document) => delete document.sessionId), where: /at \$\.sessionId/ },
  { format: "gemini-cli", what: "a message record without its type", text: without("gemini-cli-call-and-notice.json", (document) => delete at(document, "messages", 1).type), where: /at \$\.messages\[1\]\.type/ },
  { format: "gemini-cli", what: "a tool call record without its id", text: without("gemini-cli-call-and-notice.json", (document) => delete at(document, "messages", 1, "toolCalls", 0).id), where: /at \$\.messages\[1\]\.toolCalls\[0\]\.id/ },
  { format: "copilot-cli", what: "an event without its type", text: withoutOnLine("copilot-cli-calls-and-compaction.jsonl", 4, (record) => delete record.type), where: /at line 4 \(type\)/ },
  { format: "copilot-cli", what: "a tool request without its toolCallId", text: withoutOnLine("copilot-cli-calls-and-compaction.jsonl", 6, (record) => delete at(record, "data", "toolRequests", 0).toolCallId), where: /at line 6 \(data\.toolRequests\[0\]\.toolCallId\)/ },
  { format: "copilot-cli", what: "a tool result without its toolCallId", text: withoutOnLine("copilot-cli-calls-and-compaction.jsonl", 10, (record) => delete at(record, "data").toolCallId), where: /at line 10 \(data\.toolCallId\)/ },
  { format: "openai", what: "a content part without its type", text: without("openai-mixed-content.json", (document) => delete at(document, "messages", 1, "content", 0).type), where: /at \$\.messages\[1\]\.content\[0\]\.type/ },
];

describe("a record of a known format that lacks a required field: the format, the line or path and the missing field named", () => {
  it("covers every format", () => {
    expect(new Set(CASES.map((entry) => entry.format))).toEqual(new Set(FORMAT_IDS));
  });

  it.each(CASES)("$format: $what", ({ format, text, where }) => {
    // each fixture reads as it is stored
    let error: unknown;
    try {
      importTranscript(text, { format });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImportError);
    const importError = error as ImportError;
    expect(importError.code).toBe("invalid_format");
    expect(importError.format).toBe(format);
    expect(importError.message).toContain(`Not a valid ${format} transcript`);
    expect(importError.message).toMatch(where);
    expect(importError.message).toMatch(/the field is missing\.$/);
    expect(importError.issues[0]?.message).toMatch(/missing/);
  });

  it.each(["claude-code-merge-and-compaction.jsonl", "codex-compacted-without-history.jsonl", "pi-v3-branches.jsonl", "opencode-auto-compaction.json", "swe-agent-function-calling.traj", "openhands-condensation.json", "anthropic-system-and-blocks.json", "openai-mixed-content.json", "gemini-cli-call-and-notice.json", "copilot-cli-calls-and-compaction.jsonl"])(
    "the untouched fixture %s imports",
    (file) => {
      expect(importTranscript(fs.readFileSync(path.join(FIXTURES, file), "utf8")).session.messages.length).toBeGreaterThan(0);
    },
  );
});
