import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { exportOpenAI } from "./export-openai";
import { openaiImporter } from "./openai";
import { opencodeImporter, OPENCODE_PRUNED_PLACEHOLDER, recordedOpencodePrunes } from "./opencode";
import { openhandsImporter } from "./openhands";
import { orphanToolResults, parseWithImporter } from "./parse-with-importer";
import { readDocument } from "./read-document";
import { sweAgentImporter } from "./swe-agent";

const fixtureText = fs.readFileSync(path.join(import.meta.dirname, "fixtures", "opencode-auto-compaction.json"), "utf8");
const parse = (text: string) => parseWithImporter(opencodeImporter, text);

type ExportJson = { messages: Array<{ info: Record<string, unknown>; parts: Array<Record<string, unknown>> }> };

/** The fixture with one change, for bad-input cases. */
function mutated(change: (value: ExportJson) => void): string {
  const value = JSON.parse(fixtureText);
  change(value);
  return JSON.stringify(value);
}

describe("opencode importer on a hand-made export with an auto compaction and a pruned tool part", () => {
  // No real OpenCode export is public; the fixture follows FORMATS.md §c and opencode's message-v2 schema.
  // Expected by hand: 13 messages = user, [assistant, tool] (read), [assistant, tool, tool] (edit, bash error),
  // msg_04 split in two steps [assistant, tool] + [assistant], marker, summary, synthetic user, assistant with a
  // running edit (no result). Peak = the summary call: 9 + 25200 + 1100 = 26309.
  const [session] = parse(fixtureText);

  it("detects the export and reads the session info", () => {
    expect(opencodeImporter.sniff(readDocument(fixtureText))).toBe(true);
    expect(session).toMatchObject({ title: "Add a --verbose flag to the CLI", meta: { sourceId: "ses_6c1f2a9e3ffeQk2v0JtG1bYx7D", cwd: "/home/dev/projects/todo-cli", model: "claude-sonnet-4-5", startedAt: "2025-10-09T08:53:20.000Z" } });
  });

  it("counts messages, calls, results, the compaction and the peak context", () => {
    expect(sessionStats(session)).toMatchObject({ messages: 13, toolCalls: 5, toolResults: 4, recordedCompactions: 1, recordedPeakContextTokens: 26309 });
    expect(orphanToolResults(session)).toEqual([]);
    expect(session.messages.map((message) => `${message.role}${message.summary ? "(summary)" : ""}${message.synthetic ? "(synthetic)" : ""}`)).toEqual([
      "user", "assistant", "tool", "assistant", "tool", "tool", "assistant", "tool", "assistant", "system", "assistant(summary)", "user(synthetic)", "assistant",
    ]);
  });

  it("keeps synthetic text and files of the user turn, and drops ignored text", () => {
    expect(session.messages[0].parts.map((part) => (part.type === "text" ? `text${part.synthetic ? "(synthetic)" : ""}` : part.type))).toEqual(["text", "text(synthetic)", "text(synthetic)", "file"]);
    expect(session.messages[0].parts[3]).toEqual({ type: "file", mediaType: "text/plain", filename: "src/cli.ts", url: "file:///home/dev/projects/todo-cli/src/cli.ts" });
  });

  it("puts each tool part's call in the assistant message and its result in a tool message right after", () => {
    expect(session.messages[1]).toMatchObject({ id: "msg_93e0d5b02001Rz8k3AuZc5L2bB", usage: { input: 12, output: 186, cacheRead: 0, cacheWrite: 11840 } });
    expect(session.messages[1].parts.map((part) => part.type)).toEqual(["reasoning", "text", "tool-call"]);
    expect(session.messages[5]).toMatchObject({
      id: "prt_93e0d5c03004",
      parts: [{ type: "tool-result", callId: "toolu_01BashTest7f3Lq1", name: "bash", isError: true, output: expect.stringMatching(/^Error: command exited with code 1/) }],
    });
  });

  it("splits a multi-step assistant message into one message per model call with step usage", () => {
    expect(session.messages[6]).toMatchObject({ id: "msg_93e0d5d04001Ub0n5CwBe7N4dD", usage: { input: 8, output: 120, cacheRead: 12150, cacheWrite: 450 } });
    expect(session.messages[8]).toMatchObject({ id: "msg_93e0d5d04001Ub0n5CwBe7N4dD-step-2", usage: { input: 12, output: 130, cacheRead: 12600, cacheWrite: 450 } });
  });

  it("records the compaction as a marker followed by the summary message and the synthetic continue", () => {
    expect(session.messages[9]).toMatchObject({ id: "msg_93e0d6e05001Vc1p6DxCf8P5eE", role: "system", parts: [{ type: "compaction", auto: true }] });
    expect(session.messages[10]).toMatchObject({ id: "msg_93e0d6f06001Wd2q7EyDg9Q6fF", summary: true, parts: [{ type: "text", text: expect.stringMatching(/^## Summary/) }] });
    expect(session.messages[11].parts).toEqual([{ type: "text", text: "Continue if you have next steps", synthetic: true }]);
    expect(exportOpenAI(session).filter((message) => message.role === "user").map((message) => message.content)).toContain(session.messages[10].parts[0].type === "text" && session.messages[10].parts[0].text);
  });

  it("keeps a pruned tool output and records the prune for the engine", () => {
    const pruned = recordedOpencodePrunes(session);
    expect(pruned).toEqual([{ messageId: "prt_93e0d5b02005", partIndex: 0, prunedAt: "2025-10-09T09:03:20.000Z" }]);
    const part = session.messages.find((message) => message.id === pruned[0].messageId)?.parts[pruned[0].partIndex];
    expect(part).toMatchObject({ type: "tool-result", output: expect.stringContaining("export function run") });
    expect(session.meta.notes?.some((note) => note.includes(OPENCODE_PRUNED_PLACEHOLDER))).toBe(true);
  });

  it("notes the call still running at export, which has no result", () => {
    expect(session.messages[12].parts.at(-1)).toMatchObject({ type: "tool-call", id: "toolu_01EditShort9c4Xn5", name: "edit" });
    expect(session.meta.notes).toContain("tool call toolu_01EditShort9c4Xn5 (edit) in msg_93e0d7108001Yf4s9GaFi1S8hH was still running when exported: no result");
  });

  it("infers a marker for an older summary written without a compaction part", () => {
    const [older] = parse(mutated((value) => value.messages.splice(4, 1)));
    const index = older.messages.findIndex((message) => message.summary);
    expect(older.messages[index - 1]).toMatchObject({ role: "system", parts: [{ type: "compaction", auto: false }] });
    expect(sessionStats(older).recordedCompactions).toBe(1);
  });

  it.each([
    { name: "a tool part without callID", change: (value: ExportJson) => delete value.messages[1].parts[3].callID, error: /at \$\.messages\[1\]\.parts\[3\]\.callID expected a callID string/ },
    { name: "an unknown tool status", change: (value: ExportJson) => ((value.messages[1].parts[3].state as Record<string, unknown>).status = "done"), error: /at \$\.messages\[1\]\.parts\[3\]\.state\.status expected a status \(pending, running, completed, error\), found "done"/ },
    { name: "an unknown role", change: (value: ExportJson) => (value.messages[0].info.role = "system"), error: /at \$\.messages\[0\]\.info\.role expected a role \("user" or "assistant"\), found "system"/ },
    { name: "parts that are not an array", change: (value: ExportJson) => ((value.messages[2] as Record<string, unknown>).parts = {}), error: /at \$\.messages\[2\]\.parts expected an array of parts, found an object/ },
  ])("rejects $name, naming the JSON path", ({ change, error }) => {
    expect(() => parse(mutated(change))).toThrowError(error);
  });

  it.each([
    { name: "a truncated export", text: fixtureText.slice(0, 500), error: /not JSON|do not parse|line/ },
    { name: "an OpenAI array (wrong format forced)", text: '[{"role": "user", "content": "hi"}]', error: /at \$ expected an export object \{info, messages\}, found an array of 1/ },
  ])("rejects $name", ({ text, error }) => {
    expect(() => parse(text)).toThrowError(error);
  });

  it("is claimed by no other importer of mine, and does not claim theirs", () => {
    const document = readDocument(fixtureText);
    expect([openaiImporter, sweAgentImporter, openhandsImporter].map((importer) => importer.sniff(document))).toEqual([false, false, false]);
    expect(opencodeImporter.sniff(readDocument('{"messages": [{"role": "user", "content": "hi"}]}'))).toBe(false);
  });
});
