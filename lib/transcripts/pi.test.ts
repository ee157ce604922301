import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { claudeCodeImporter } from "./claude-code";
import { codexImporter } from "./codex";
import { piImporter } from "./pi";
import { importTranscript } from "./index";
import { readDocument } from "./read-document";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const importText = (text: string) => piImporter.parse(readDocument(text, "pi"), { sourceName: "session.jsonl" })[0];

describeWithShared("piImporter on the shared transcripts", () => {
  /*
   * Checked with a one-off python3 script (/tmp/cl/pi_check.py at the time of writing): a v1 file (no version, no
   * ids), so every entry in file order: 914 message entries (88 user, 453 assistant, 373 toolResult), of which 14
   * assistant entries have empty content (aborted / errored calls) and are left out → 900 messages; 391 toolCall
   * blocks; 373 results; peak input + cacheRead + cacheWrite = 177604.
   * This copy of pi-mono's large-session.jsonl has NO compaction entries (grep -c compaction → 0), although the brief
   * and FORMATS.md mention two (tokensBefore 175004 and 185014); those numbers are exercised by the v1 fixture below.
   * 18 tool calls have no result: all sit in assistant messages with stopReason "error" (16) or "aborted" (2).
   */
  it("imports pi-mono__large-session.jsonl", () => {
    const text = fs.readFileSync(sharedTranscript("pi/pi-mono__large-session.jsonl"), "utf8");
    const document = readDocument(text);
    expect([piImporter, claudeCodeImporter, codexImporter].map((importer) => importer.sniff(document))).toEqual([true, false, false]);
    const { format, session } = importTranscript(text);
    expect(format).toBe("pi");
    expect(sessionStats(session)).toMatchObject({ messages: 900, toolCalls: 391, toolResults: 373, recordedCompactions: 0, recordedPeakContextTokens: 177604 });
    expect(session.meta).toMatchObject({ sourceId: "d703a1a9-1b7b-4fb1-b512-c9738b1fe617", cwd: "/Users/badlogic/workspaces/pi-mono" });
    const called = new Set<string>();
    for (const part of session.messages.flatMap((message) => message.parts)) {
      if (part.type === "tool-call") called.add(part.id);
      if (part.type === "tool-result") expect(called).toContain(part.callId);
    }
  });
});

describe("piImporter on small fixtures", () => {
  it("maps v1 firstKeptEntryIndex (an index over all lines, header included) to message ids", () => {
    const session = importText(fixture("pi-v1-compaction-index.jsonl"));
    expect(session.messages.map((message) => [message.id, message.role, message.source?.line])).toEqual([
      ["pi-0", "user", 2],
      ["pi-1", "assistant", 3],
      ["pi-2", "tool", 4],
      ["pi-3", "user", 6],
      ["pi-4", "system", 7],
      ["pi-5", "user", 7],
      ["pi-6", "assistant", 8],
      ["pi-7", "user", 9],
      ["pi-8", "system", 10],
      ["pi-9", "user", 10],
    ]);
    const markers = session.messages.filter((message) => message.parts[0]?.type === "compaction").map((message) => message.parts[0]);
    // index 4 is the model_change line (5), which made no message: the next message (line 6) is the first kept;
    // index 7 is line 8, the assistant message after the first compaction
    expect(markers).toEqual([
      { type: "compaction", auto: true, tokensBefore: 175004, firstKeptMessageId: "pi-3" },
      { type: "compaction", auto: true, tokensBefore: 185014, firstKeptMessageId: "pi-6" },
    ]);
    expect(session.messages[5]).toMatchObject({ summary: true, parts: [{ type: "text", text: "Read theme.ts; the user wants dark mode." }] });
    expect(session.messages[7]).toMatchObject({ synthetic: true, parts: [{ type: "text", text: "Ran `npm test`\n```\nok\n```" }] });
    expect(session.messages[2].parts[0]).toMatchObject({ type: "tool-result", callId: "tc_1", name: "read", output: "export const theme = {};" });
    expect(sessionStats(session)).toMatchObject({ recordedCompactions: 2, recordedPeakContextTokens: 171003 });
    expect(session.meta.notes).toContain("1 entries with no content (aborted calls) left out");
  });

  it("follows the v3 active branch and names it from session_info", () => {
    const session = importText(fixture("pi-v3-branches.jsonl"));
    expect(session.messages.map((message) => message.id)).toEqual(["aaaa0001", "aaaa0003", "aaaa0005", "aaaa0006", "pi-4"]);
    expect(session.messages[2]).toMatchObject({ role: "user", synthetic: true });
    expect(session.messages[3].parts[0]).toEqual({ type: "compaction", auto: true, tokensBefore: 30, firstKeptMessageId: "aaaa0003" });
    expect(session.title).toBe("Haiku drafts");
  });

  it.each([
    ["pi-wrong-tool-call-id.jsonl", "Not a valid pi transcript: at line 3 (message.toolCallId) expected a string toolCallId, found number 12."],
  ])("rejects %s naming the line and field", (name, message) => {
    expect(() => importText(fixture(name))).toThrow(message);
  });

  it("rejects a claude-code file forced as pi, naming the header", () => {
    const text = fs.readFileSync(path.join(import.meta.dirname, "fixtures", "claude-code-sidechain-only.jsonl"), "utf8");
    expect(() => importTranscript(text, { format: "pi" })).toThrow('at line 1 (type) expected "session" (the header line), found "user"');
  });
});

describe("piImporter: setting changes as session events", () => {
  const lines = (...values: unknown[]) => values.map((value) => JSON.stringify(value)).join("\n");
  const user = (text: string, timestamp: string) => ({ type: "message", timestamp, message: { role: "user", content: [{ type: "text", text }] } });
  const assistant = (text: string, timestamp: string) => ({
    type: "message",
    timestamp,
    message: { role: "assistant", content: [{ type: "text", text }], model: "claude-sonnet-4-5", usage: { input: 3, output: 10, cacheRead: 2000, cacheWrite: 50 }, stopReason: "stop" },
  });

  it("keeps thinking_level_change and model_change entries, each before the next user prompt (pi applies them per prompt), and the v1 header's settings", () => {
    const session = importText(
      lines(
        { type: "session", id: "s", timestamp: "2025-11-20T00:00:00.000Z", cwd: "/w", provider: "anthropic", modelId: "claude-sonnet-4-5", thinkingLevel: "off" },
        user("one", "2025-11-20T00:00:01.000Z"),
        assistant("a", "2025-11-20T00:00:02.000Z"),
        { type: "thinking_level_change", timestamp: "2025-11-20T00:00:03.000Z", thinkingLevel: "high" },
        { type: "model_change", timestamp: "2025-11-20T00:00:04.000Z", provider: "anthropic", modelId: "claude-opus-4-5" },
        user("two", "2025-11-20T00:00:05.000Z"),
        assistant("b", "2025-11-20T00:00:06.000Z"),
        // changed while the turn's tool call ran: applies from the next prompt, not to the call after the result
        { type: "thinking_level_change", timestamp: "2025-11-20T00:00:06.500Z", thinkingLevel: "low" },
        { type: "message", timestamp: "2025-11-20T00:00:06.600Z", message: { role: "toolResult", toolCallId: "none", toolName: "bash", content: [{ type: "text", text: "ok" }], isError: false } },
        user("three", "2025-11-20T00:00:06.800Z"),
        { type: "thinking_level_change", timestamp: "2025-11-20T00:00:07.000Z", thinkingLevel: "off" },
      ),
    );
    const [first, , second, , third] = session.messages;
    expect(session.meta.events).toEqual([
      { kind: "model", value: "claude-sonnet-4-5", line: 1, beforeMessageId: first.id },
      { kind: "thinking-level", value: "off", line: 1, beforeMessageId: first.id },
      { kind: "thinking-level", value: "high", line: 4, timestamp: "2025-11-20T00:00:03.000Z", beforeMessageId: second.id },
      { kind: "model", value: "claude-opus-4-5", line: 5, timestamp: "2025-11-20T00:00:04.000Z", beforeMessageId: second.id },
      { kind: "thinking-level", value: "low", line: 8, timestamp: "2025-11-20T00:00:06.500Z", beforeMessageId: third.id },
      // no prompt after it: applies to no call
      { kind: "thinking-level", value: "off", line: 11, timestamp: "2025-11-20T00:00:07.000Z" },
    ]);
  });

  it("names the line and field of a thinking_level_change without a level", () => {
    const text = lines({ type: "session", id: "s", timestamp: "2025-11-20T00:00:00.000Z" }, user("one", "2025-11-20T00:00:01.000Z"), { type: "thinking_level_change", thinkingLevel: 3 });
    expect(() => importText(text)).toThrow(/line 3.*thinkingLevel/s);
  });
});
