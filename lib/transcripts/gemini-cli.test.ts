import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { geminiCliImporter } from "./gemini-cli";
import { importTranscript, importers } from "./index";
import { readDocument } from "./read-document";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const importText = (text: string) => geminiCliImporter.parse(readDocument(text, "gemini-cli"), { sourceName: "session.json" })[0];

describeWithShared("geminiCliImporter on the shared transcripts", () => {
  /*
   * Counted with a one-off python3 script over the JSON (at the time of writing): messages = user entries + gemini
   * entries (none is empty) + one tool message per gemini entry with toolCalls; peak = max tokens.input (the prompt,
   * cached included; tool is 0 throughout). 12cbfeaa512b: 2 user, 4 gemini, 2 with calls (2 calls) → 8; peak 12874.
   * 9c53780d06b7: 1 user, 6 gemini, 4 with calls (4 calls), 1 info → 11; peak 12990. ab2b9748b105 (a later
   * save of the same session): 1 user, 11 gemini, 9 with calls (9 calls), 1 info → 21; peak 14200.
   */
  it.each([
    { file: "entire-cli__12cbfeaa512b.json", messages: 8, toolCalls: 2, peak: 12874, notices: 0, sourceId: "faff42ab-6ea5-4f78-b8c4-f7dd6272af08" },
    { file: "entire-cli__9c53780d06b7.json", messages: 11, toolCalls: 4, peak: 12990, notices: 1, sourceId: "f7633853-6663-4dbb-bbf4-6159afa29df8" },
    { file: "entire-cli__ab2b9748b105.json", messages: 21, toolCalls: 9, peak: 14200, notices: 1, sourceId: "f7633853-6663-4dbb-bbf4-6159afa29df8" },
  ])("imports $file", ({ file, messages, toolCalls, peak, notices, sourceId }) => {
    const text = fs.readFileSync(sharedTranscript(`gemini-cli/${file}`), "utf8");
    expect(importers.filter((importer) => importer.sniff(readDocument(text))).map((importer) => importer.id)).toEqual(["gemini-cli"]);
    const { format, session } = importTranscript(text);
    expect(format).toBe("gemini-cli");
    expect(sessionStats(session)).toMatchObject({ messages, toolCalls, toolResults: toolCalls, recordedCompactions: 0, recordedPeakContextTokens: peak });
    expect(session.meta).toMatchObject({ sourceId, model: "gemini-2.5-flash" });
    expect((session.meta.notes ?? []).some((note) => note.includes("1 info notice"))).toBe(notices === 1);
    // every result follows its call, in the message right after the call's
    session.messages.forEach((message, index) => {
      for (const part of message.parts) {
        if (part.type !== "tool-result") continue;
        expect(session.messages[index - 1].parts.some((call) => call.type === "tool-call" && call.id === part.callId)).toBe(true);
      }
    });
    expect(session.messages.every((message) => typeof message.timestamp === "string")).toBe(true);
  });
});

describe("geminiCliImporter on small fixtures", () => {
  it("splits a gemini entry into the model's turn and its function responses, and leaves notices out", () => {
    const session = importText(fixture("gemini-cli-call-and-notice.json"));
    expect(session.messages.map((message) => [message.id, message.role])).toEqual([
      ["u1", "user"],
      ["g1", "assistant"],
      ["g1:results", "tool"],
      ["g2", "assistant"],
    ]);
    const [, turn, results, last] = session.messages;
    expect(turn.parts).toEqual([
      { type: "reasoning", text: "**Listing** Use ls." },
      { type: "text", text: "I will list them." },
      { type: "tool-call", id: "ls-1", name: "list_directory", input: { path: "." } },
      { type: "tool-call", id: "rd-1", name: "read_file", input: { path: "c.txt" } },
      { type: "tool-call", id: "sh-1", name: "run_shell_command", input: { command: "sleep 100" } },
    ]);
    // input 5000 includes the 3000 cached; thoughts count as output
    expect(turn.usage).toEqual({ input: 2000, output: 50, cacheRead: 3000, cacheWrite: 0 });
    expect(turn).toMatchObject({ model: "gemini-2.5-pro", timestamp: "2026-01-02T10:00:05.000Z", source: { path: "$.messages[1]" } });
    expect(results.parts).toEqual([
      { type: "tool-result", callId: "ls-1", name: "list_directory", output: "a.txt\nb.txt", isError: false, images: [] },
      { type: "tool-result", callId: "rd-1", name: "read_file", output: "File not found: c.txt", isError: true, images: [] },
    ]);
    expect(last.parts).toEqual([{ type: "text", text: "There are two files." }]);
    expect(session.title).toBe("List the files");
    expect(session.meta).toEqual({
      sourceId: "s-1",
      startedAt: "2026-01-02T10:00:00.000Z",
      model: "gemini-2.5-pro",
      notes: ["1 info notice(s) shown in the terminal and never sent to the model left out", "1 gemini entries with no content left out", "1 tool call(s) recorded without a result"],
    });
    expect(sessionStats(session).recordedPeakContextTokens).toBe(5100);
  });

  it.each([
    { what: "a tool call whose name is a number", text: fixture("gemini-cli-bad-call-name.json"), error: "Not a valid gemini-cli transcript: at $.messages[1].toolCalls[0].name expected a string tool \"name\", found number 42." },
    { what: "an entry of an unknown type", text: '{"sessionId":"s","projectHash":"p","messages":[{"id":"a","type":"model","content":"x"}]}', error: /at \$\.messages\[0\]\.type expected "user", "gemini", "info", "error" or "warning", found "model"/ },
    { what: "tokens that are not numbers", text: '{"sessionId":"s","projectHash":"p","messages":[{"id":"a","type":"gemini","content":"x","tokens":{"input":"9"}}]}', error: /at \$\.messages\[0\]\.tokens\.input expected a number "input" or nothing, found "9"/ },
    { what: "messages that are not an array", text: '{"sessionId":"s","projectHash":"p","messages":{}}', error: /at \$\.messages expected an array of message records, found an object/ },
    { what: "a pi session forced as gemini-cli", text: '{"type":"session","id":"x"}\n{"type":"message","message":{"role":"user","content":"hi"}}', error: /at line 1 expected a recording's metadata line \{sessionId, projectHash, startTime, …\} \(JSON lines\) or one JSON object \{sessionId, projectHash, startTime, messages\}/ },
  ])("rejects $what, naming where", ({ text, error }) => {
    expect(() => importTranscript(text, { format: "gemini-cli" })).toThrow(error);
  });
});
