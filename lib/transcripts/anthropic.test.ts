import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { anthropicImporter } from "./anthropic";
import { claudeCodeImporter } from "./claude-code";
import { codexImporter } from "./codex";
import { piImporter } from "./pi";
import { importTranscript } from "./index";
import { readDocument } from "./read-document";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const importText = (text: string) => anthropicImporter.parse(readDocument(text, "anthropic"), { sourceName: "x.json" })[0];

describeWithShared("anthropicImporter on the shared transcripts", () => {
  /*
   * Checked with a one-off python3 script over the raw file: 9 assistant messages (11 tool_use blocks); 9 user
   * messages, 7 of them tool_result-only (11 results) and 2 text-only → 18 canonical messages. per_response_usage
   * has 18 entries over 9 distinct ids, one per assistant message in order; the largest
   * input + cache_read + cache_creation among the last entry of each id is 6 + 20542 + 1004 = 21552.
   */
  it("imports derived__ccviewer__fe5e1c67.messages.json with usage matched per response", () => {
    const text = fs.readFileSync(sharedTranscript("anthropic-messages/derived__ccviewer__fe5e1c67.messages.json"), "utf8");
    const { format, session } = importTranscript(text);
    expect(format).toBe("anthropic");
    expect(sessionStats(session)).toMatchObject({
      messages: 18,
      toolCalls: 11,
      toolResults: 11,
      recordedCompactions: 0,
      recordedPeakContextTokens: 21552,
    });
    expect(session.messages.filter((message) => message.usage).length).toBe(9);
    expect(session.messages[1].usage).toEqual({ input: 3, output: 172, cacheRead: 14874, cacheWrite: 1331 });
    const called = new Set<string>();
    for (const part of session.messages.flatMap((message) => message.parts)) {
      if (part.type === "tool-call") called.add(part.id);
      if (part.type === "tool-result") expect(called).toContain(part.callId);
    }
  });

  it.each([
    ["claude-code/session-share__4b2030ed.jsonl"],
    ["codex/agent-sessions__codex-small-schema-fixture.jsonl"],
    ["pi/pi-mono__large-session.jsonl"],
    ["openai-chat/tau-bench__gpt-4o-airline.json"],
  ])("does not claim %s", (file) => {
    expect(anthropicImporter.sniff(readDocument(fs.readFileSync(sharedTranscript(file), "utf8")))).toBe(false);
  });
});

describe("anthropicImporter on small fixtures", () => {
  it("reads system, thinking, redacted thinking, tool results with images and per-response usage by id", () => {
    const session = importText(fixture("anthropic-system-and-blocks.json"));
    expect(session.messages.map((message) => [message.id, message.role])).toEqual([
      ["anthropic-0", "system"],
      ["anthropic-1", "user"],
      ["msg_1", "assistant"],
      ["anthropic-3", "tool"],
      ["anthropic-4", "user"],
      ["msg_2", "assistant"],
    ]);
    expect(session.messages[2].parts.map((part) => part.type)).toEqual(["reasoning", "reasoning", "text", "tool-call"]);
    expect(session.messages[2].parts[1]).toEqual({ type: "reasoning", text: "", redacted: true });
    expect(session.messages[2].usage).toEqual({ input: 5, output: 9, cacheRead: 500, cacheWrite: 50 });
    expect(session.messages[5].usage).toBeUndefined();
    expect(session.messages[3].parts[0]).toEqual({
      type: "tool-result",
      callId: "toolu_1",
      name: "Read",
      output: "line 1",
      isError: false,
      images: [{ mediaType: "image/png", bytes: 8 }],
    });
    expect(session.messages[3].source).toEqual({ path: "$.messages[2]" });
  });

  it("rejects a message with a role the Messages API does not have, naming its path", () => {
    expect(() => importText(fixture("anthropic-wrong-role.json"))).toThrow(
      'Not a valid anthropic transcript: at $.messages[1].role expected "user" or "assistant", found "tool".',
    );
  });

  it("rejects JSON lines forced as anthropic", () => {
    const lines = '{"type":"session","id":"a"}\n{"type":"message","message":{"role":"user","content":"hi"}}';
    expect(() => importTranscript(lines, { format: "anthropic" })).toThrow(/at \$ expected a JSON array of messages/);
  });

  it.each([
    ['[{"role":"user","content":"hi"},{"role":"assistant","content":null,"tool_calls":[]}]', false],
    ['[{"role":"system","content":"x"},{"role":"user","content":"hi"}]', false],
    ['[{"role":"user","content":[{"type":"input_text","text":"hi"}]}]', false],
    ['{"messages":[{"role":"user","content":"hi"}]}', true],
  ])("sniffs %s as %s", (text, expected) => {
    expect(anthropicImporter.sniff(readDocument(text))).toBe(expected);
  });

  it("is not claimed by the JSONL importers", () => {
    const document = readDocument(fixture("anthropic-system-and-blocks.json"));
    expect([claudeCodeImporter, codexImporter, piImporter].map((importer) => importer.sniff(document))).toEqual([false, false, false]);
  });
});
