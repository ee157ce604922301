import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { claudeCodeImporter } from "./claude-code";
import { ImportError } from "./import-error";
import { importTranscript } from "./index";
import { readDocument } from "./read-document";
import type { Session } from "../engine/model";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const importText = (text: string, sourceName = "session.jsonl") =>
  claudeCodeImporter.parse(readDocument(text, "claude-code"), { sourceName })[0];

/** Every tool result answers a tool call earlier in the session. */
function expectToolResultsFollowCalls(session: Session) {
  const called = new Set<string>();
  for (const message of session.messages) {
    for (const part of message.parts) {
      if (part.type === "tool-call") called.add(part.id);
      if (part.type === "tool-result") expect(called, `result ${part.callId} in ${message.id}`).toContain(part.callId);
    }
  }
}

/*
 * Expected numbers computed independently of this importer by a one-off python3 script over the raw files
 * (/tmp/cl/cc_check.py at the time of writing): walk `parentUuid` from the last non-sidechain user/assistant
 * line (through `logicalParentUuid` at a compact_boundary), add tool_result-only user lines whose parent is on the
 * chain, then count one message per boundary, per user line part group (tool / text), per run of assistant lines
 * sharing message.id; peak = max(input + cache_read + cache_creation) over distinct message ids, skipping
 * `<synthetic>` model lines. Subagent files (sidechain only) are counted whole, in file order. The schema fixture's
 * uuids repeat ("[trimmed for fixture]"), so its parent links loop and it is counted in file order.
 */
const realFiles = [
  { file: "ccviewer__1af7fc5e.jsonl", messages: 21, toolCalls: 12, toolResults: 12, compactions: 0, peak: 17437, subagent: false },
  { file: "ccviewer__5c0375b4.jsonl", messages: 25, toolCalls: 13, toolResults: 13, compactions: 0, peak: 26080, subagent: false },
  { file: "session-share__0ccf1a04.jsonl", messages: 33, toolCalls: 7, toolResults: 7, compactions: 0, peak: 24662, subagent: false },
  { file: "session-share__4b2030ed.jsonl", messages: 4, toolCalls: 1, toolResults: 1, compactions: 0, peak: 20229, subagent: false },
  { file: "session-share__0ccf1a04__subagents__agent-a5bdbc1.jsonl", messages: 4, toolCalls: 1, toolResults: 1, compactions: 0, peak: 9933, subagent: true },
  { file: "session-share__0ccf1a04__subagents__agent-a9cad17.jsonl", messages: 4, toolCalls: 1, toolResults: 1, compactions: 0, peak: 12546, subagent: true },
  { file: "session-share__0ccf1a04__subagents__agent-aa5ef13.jsonl", messages: 4, toolCalls: 1, toolResults: 1, compactions: 0, peak: 12511, subagent: true },
  { file: "session-share__0ccf1a04__subagents__agent-ac27727.jsonl", messages: 4, toolCalls: 1, toolResults: 1, compactions: 0, peak: 12575, subagent: true },
  { file: "session-share__0ccf1a04__subagents__agent-afbbf75.jsonl", messages: 4, toolCalls: 1, toolResults: 1, compactions: 0, peak: 9987, subagent: true },
  { file: "agent-sessions__claude-small-schema-fixture.jsonl", messages: 13, toolCalls: 2, toolResults: 1, compactions: 2, peak: 10, subagent: false },
];

describeWithShared("claudeCodeImporter on the shared transcripts", () => {
  it.each(realFiles)("$file", ({ file, messages, toolCalls, toolResults, compactions, peak, subagent }) => {
    const text = fs.readFileSync(sharedTranscript(`claude-code/${file}`), "utf8");
    const { format, session } = importTranscript(text, { sourceName: file });
    expect(format).toBe("claude-code");
    const stats = sessionStats(session);
    expect(stats).toMatchObject({ messages, toolCalls, toolResults, recordedCompactions: compactions, recordedPeakContextTokens: peak });
    expect(session.meta.subagent ?? false).toBe(subagent);
    expectToolResultsFollowCalls(session);
  });

  it("titles a session from the summary line of its leaf", () => {
    const text = fs.readFileSync(sharedTranscript("claude-code/session-share__0ccf1a04.jsonl"), "utf8");
    expect(importText(text).title).toBe("Spawn curry poem agents, write sushi");
  });

  it("brings back parallel tool results chained off sibling tool_use lines", () => {
    // lines 8 and 9 answer tool_use lines 5 and 6, but the leaf's chain runs through line 10 only
    const text = fs.readFileSync(sharedTranscript("claude-code/session-share__0ccf1a04.jsonl"), "utf8");
    const session = importText(text);
    const tool = session.messages.filter((message) => message.role === "tool").slice(0, 3);
    expect(tool.map((message) => message.source?.line)).toEqual([8, 9, 10]);
  });

  it("keeps isMeta command expansions as synthetic user messages", () => {
    const text = fs.readFileSync(sharedTranscript("claude-code/ccviewer__1af7fc5e.jsonl"), "utf8");
    const [first, second] = importText(text).messages;
    expect(first.synthetic).toBeUndefined();
    expect(second).toMatchObject({ role: "user", synthetic: true, source: { line: 2 } });
  });
});

describe("claudeCodeImporter on small fixtures", () => {
  it("merges lines of one response, crosses a compact boundary and leaves branches and sidechains out", () => {
    const session = importText(fixture("claude-code-merge-and-compaction.jsonl"));
    expect(session.messages.map((message) => [message.role, message.source?.line])).toEqual([
      ["user", 2],
      ["assistant", 3],
      ["tool", 6],
      ["tool", 7],
      ["system", 10],
      ["user", 11],
      ["assistant", 13],
      ["user", 14],
    ]);
    const [, assistant, , failed, marker, summary, , meta] = session.messages;
    expect(assistant.parts.map((part) => part.type)).toEqual(["reasoning", "tool-call", "tool-call"]);
    expect(assistant.usage).toEqual({ input: 10, output: 42, cacheRead: 1000, cacheWrite: 100 });
    expect(failed.parts[0]).toMatchObject({ type: "tool-result", callId: "toolu_2", name: "Read", isError: true, output: "missing" });
    expect(marker.parts).toEqual([{ type: "compaction", auto: true, tokensBefore: 155000 }]);
    expect(summary).toMatchObject({ summary: true, role: "user" });
    expect(meta.synthetic).toBe(true);
    expect(session.title).toBe("Fix the parser");
    expect(session.meta).toMatchObject({ sourceId: "s-1", cwd: "/repo", model: "claude-x" });
    expect(session.meta.notes).toContain("1 user/assistant line(s) on other branches left out");
    expect(sessionStats(session)).toMatchObject({ recordedCompactions: 1, recordedPeakContextTokens: 2005 });
  });

  it("imports a sidechain-only file whole as a subagent session", () => {
    const session = importText(fixture("claude-code-sidechain-only.jsonl"), "agent-ag1.jsonl");
    expect(session.meta.subagent).toBe(true);
    expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(session.title).toBe("Search the web for curry adjectives");
  });

  it.each([
    { name: "claude-code-wrong-content.jsonl", message: /line 2 \(message\.content\) expected content as a string or an array/ },
    { name: "claude-code-truncated.jsonl", message: /line 2/ },
  ])("rejects $name naming the line", ({ name, message }) => {
    expect(() => importText(fixture(name))).toThrow(message);
  });

  it("rejects a file of another format forced as claude-code", () => {
    const codexLine = JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "x" } });
    const piLines = `${JSON.stringify({ type: "session", id: "p" })}\n${codexLine}`;
    expect(() => importTranscript(piLines, { format: "claude-code" })).toThrow(/line 1 expected user or assistant lines/);
    expect(() => importTranscript('[{"role":"user","content":"hi"}]', { format: "claude-code" })).toThrow(ImportError);
    expect(() => importTranscript('[{"role":"user","content":"hi"}]', { format: "claude-code" })).toThrow(/JSON lines/);
  });
});
