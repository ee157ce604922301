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
const importText = (text: string) => codexImporter.parse(readDocument(text, "codex"), { sourceName: "rollout.jsonl" })[0];

describeWithShared("codexImporter on the shared transcripts", () => {
  /*
   * Checked by hand, line by line, and with a one-off python3 script (/tmp/cl/codex_check.py at the time of
   * writing) that counts response_items only: model items in a row = 1 assistant message, outputs in a row = 1 tool
   * message, `compacted` = marker + summary (when `message` is non-empty; line 26 has ""), token_count ends a call.
   * 23 messages: user(6) · assistant(7,9,10) · tool(11) · assistant(12) · tool(13,21) · assistant(23) · marker(26) ·
   * assistant(39,43) · 4 × marker+summary(47,69,81,89) · system(98 developer) · assistant(103) · tool(105) ·
   * marker+summary(111) · assistant(114) · tool(115). Calls: call-1, call-2, call-3, 43, 103, 114 = 6. Results: 5 —
   * line 28 answers a call this file never made (the session was forked; see line 29) and is left out.
   * Usage: one real token_count (line 22): input_tokens 16341 → peak 16341; line 87 is all zeros.
   */
  it("imports agent-sessions__codex-small-schema-fixture.jsonl", () => {
    const text = fs.readFileSync(sharedTranscript("codex/agent-sessions__codex-small-schema-fixture.jsonl"), "utf8");
    expect([claudeCodeImporter, piImporter].map((importer) => importer.sniff(readDocument(text)))).toEqual([false, false]);
    const { format, session } = importTranscript(text);
    expect(format).toBe("codex");
    expect(sessionStats(session)).toMatchObject({ messages: 23, toolCalls: 6, toolResults: 5, recordedCompactions: 6, recordedPeakContextTokens: 16341 });
    expect(session.meta).toMatchObject({ contextWindow: 258400, sourceId: "019fc8be-3658-7ca3-9e29-000000000000", cwd: "/tmp/repo" });
    expect(session.messages.find((message) => message.usage)?.usage).toEqual({ input: 12757, output: 81, cacheRead: 3584, cacheWrite: 0 });
    expect(session.meta.notes?.join("\n")).toMatch(/1 tool result\(s\) answering a call not in the session/);
    const called = new Set<string>();
    for (const part of session.messages.flatMap((message) => message.parts)) {
      if (part.type === "tool-call") called.add(part.id);
      if (part.type === "tool-result") expect(called).toContain(part.callId);
    }
  });
});

describe("codexImporter on small fixtures", () => {
  it("maps roles, merges one call's items, takes usage once per call and reads a compaction without replacement_history", () => {
    const session = importText(fixture("codex-compacted-without-history.jsonl"));
    expect(session.messages.map((message) => [message.role, message.source?.line])).toEqual([
      ["system", 3],
      ["user", 4],
      ["user", 5],
      ["assistant", 7],
      ["tool", 12],
      ["system", 14],
      ["user", 14],
      ["assistant", 16],
    ]);
    const [, environment, , assistant, tool, marker, summary, last] = session.messages;
    expect(environment.synthetic).toBe(true);
    expect(assistant.parts).toEqual([
      { type: "reasoning", text: "", redacted: true },
      { type: "tool-call", id: "call_a", name: "shell", input: { command: ["npm", "test"] } },
      { type: "tool-call", id: "call_b", name: "apply_patch", input: "*** Begin Patch\n*** End Patch" },
    ]);
    expect(assistant.usage).toEqual({ input: 4000, output: 50, cacheRead: 8000, cacheWrite: 0 });
    expect(assistant.model).toBe("gpt-5-codex");
    expect(tool.parts.map((part) => part.type === "tool-result" && [part.callId, part.name])).toEqual([
      ["call_a", "shell"],
      ["call_b", "apply_patch"],
    ]);
    expect(marker.parts).toEqual([{ type: "compaction", auto: true }]);
    expect(summary).toMatchObject({ summary: true, parts: [{ type: "text", text: "Summary: tests fail in parser.ts." }] });
    expect(last.usage).toEqual({ input: 3000, output: 20, cacheRead: 0, cacheWrite: 0 });
    expect(session.title).toBe("Run the tests");
    expect(sessionStats(session)).toMatchObject({ recordedCompactions: 1, recordedPeakContextTokens: 12000 });
    expect(session.meta.contextWindow).toBe(272000);
  });

  it("counts a context_compacted event as the compaction when the rollout has no compacted lines", () => {
    const session = importText(fixture("codex-event-only-compaction.jsonl"));
    expect(session.messages.map((message) => message.role)).toEqual(["user", "system", "assistant"]);
    expect(sessionStats(session).recordedCompactions).toBe(1);
  });

  it("rejects a call id of the wrong type, naming the line and field", () => {
    expect(() => importText(fixture("codex-wrong-call-id.jsonl"))).toThrow(
      "Not a valid codex transcript: at line 3 (payload.call_id) expected a string call_id, found number 7.",
    );
  });

  it.each([
    ["a pi session", '{"type":"session","id":"x"}\n{"type":"message","message":{"role":"user","content":"hi"}}', /line 1 \(payload\) expected a `payload` object, but the field is missing/],
    ["an anthropic array", '[{"role":"user","content":"hi"}]', /at \$ expected JSON lines/],
  ])("rejects %s forced as codex", (_name, text, message) => {
    expect(() => importTranscript(text, { format: "codex" })).toThrow(message);
  });
});
