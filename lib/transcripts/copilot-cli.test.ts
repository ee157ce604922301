import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { copilotCliImporter } from "./copilot-cli";
import { importTranscript, importers } from "./index";
import { readDocument } from "./read-document";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const importText = (text: string) => copilotCliImporter.parse(readDocument(text, "copilot-cli"), { sourceName: "events.jsonl" })[0];

describeWithShared("copilotCliImporter on the shared transcript", () => {
  /*
   * Counted with a one-off python3 script over the 551 events (at the time of writing): 1 system.message, 1
   * user.message, 1 system.notification (line 279), 54 assistant.message (none empty), 68 toolRequests answered by 68
   * tool.execution_complete (one failed: success false, error.message) falling in 53 runs between context events →
   * 110 messages. outputTokens sum to 19,254; no event records input tokens, so there is no recorded peak.
   */
  it("imports agentv__269e1b9e5502.jsonl", () => {
    const text = fs.readFileSync(sharedTranscript("copilot-cli/agentv__269e1b9e5502.jsonl"), "utf8");
    expect(importers.filter((importer) => importer.sniff(readDocument(text))).map((importer) => importer.id)).toEqual(["copilot-cli"]);
    const { format, session } = importTranscript(text);
    expect(format).toBe("copilot-cli");
    expect(sessionStats(session)).toMatchObject({ messages: 110, toolCalls: 68, toolResults: 68, recordedCompactions: 0, recordedPeakContextTokens: null });
    expect(session.messages.filter((message) => message.role === "assistant")).toHaveLength(54);
    expect(session.messages.filter((message) => message.synthetic).map((message) => message.source?.line)).toEqual([279]);
    expect(session.messages.flatMap((message) => message.parts).filter((part) => part.type === "tool-result" && part.isError)).toHaveLength(1);
    expect(session.meta).toMatchObject({
      sourceId: "10fb4666-56f0-4352-90fc-715caf95b418",
      cwd: "/home/entity/projects/EntityProcess/agentv",
      startedAt: "2026-06-25T01:50:34.040Z",
      model: "claude-sonnet-4.6",
    });
    expect(session.meta.notes).toContain("usage: only output tokens are recorded per call (19,254 in all); no input or cache figures, so no recorded context size");
    expect(session.title.startsWith("investigate why i get Check hook recovered")).toBe(true);
    const called = new Set<string>();
    for (const part of session.messages.flatMap((message) => message.parts)) {
      if (part.type === "tool-call") called.add(part.id);
      if (part.type === "tool-result") expect(called).toContain(part.callId);
    }
  });
});

describe("copilotCliImporter on small fixtures", () => {
  it("reads calls, results in a row, usage, a compaction and a notification, and names what it left out", () => {
    const session = importText(fixture("copilot-cli-calls-and-compaction.jsonl"));
    expect(session.messages.map((message) => [message.role, message.source?.line])).toEqual([
      ["system", 3],
      ["user", 4],
      ["assistant", 6],
      ["tool", 10],
      ["system", 14],
      ["user", 14],
      ["user", 15],
    ]);
    const [, user, assistant, tool, marker, summary, notification] = session.messages;
    expect(user.parts).toEqual([{ type: "text", text: "<current_datetime>2026-06-25T03:00:02+02:00</current_datetime>\n\nfix the build" }]);
    expect(assistant).toMatchObject({
      id: "m1",
      model: "gpt-5.4",
      timestamp: "2026-06-25T01:00:04.000Z",
      // inputTokens 9000 include the 8000 cache reads
      usage: { input: 1000, output: 30, cacheRead: 8000, cacheWrite: 0 },
      parts: [
        { type: "reasoning", text: "Run the build first." },
        { type: "text", text: "Checking." },
        { type: "tool-call", id: "t1", name: "bash", input: { command: "npm run build" } },
        { type: "tool-call", id: "t2", name: "view", input: { path: "package.json" } },
      ],
    });
    expect(tool.parts).toEqual([
      { type: "tool-result", callId: "t1", name: "bash", output: "exit code 1", isError: true, images: [] },
      { type: "tool-result", callId: "t2", name: "view", output: '{"name":"x"}', isError: false, images: [] },
    ]);
    expect(marker.parts).toEqual([{ type: "compaction", auto: true, tokensBefore: 100000, tokensAfter: 12000 }]);
    expect(summary).toMatchObject({ summary: true, parts: [{ type: "text", text: "The build fails in step 2." }] });
    expect(notification).toMatchObject({ synthetic: true });
    expect(session.title).toBe("fix the build");
    expect(session.meta).toMatchObject({ sourceId: "c-1", cwd: "/repo", startedAt: "2026-06-25T01:00:00.000Z", model: "gpt-5.4" });
    expect(session.meta.notes).toEqual([
      "1 tool result(s) answering a call not in the session left out: gone",
      "usage: only output tokens are recorded per call (30 in all); no input or cache figures, so no recorded context size",
      "events not read: session.truncation ×1",
    ]);
    expect(sessionStats(session)).toMatchObject({ recordedCompactions: 1, recordedPeakContextTokens: 9000 });
  });

  it.each([
    { what: "a tool request whose id is a number", text: fixture("copilot-cli-bad-tool-call-id.jsonl"), error: 'Not a valid copilot-cli transcript: at line 3 (data.toolRequests[0].toolCallId) expected a string "toolCallId", found number 7.' },
    { what: "an event without a type", text: '{"type":"session.start","data":{"sessionId":"s"}}\n{"data":{}}', error: /at line 2 \(type\) expected a string event "type"/ },
    { what: "a user message whose content is not a string", text: '{"type":"session.start","data":{"sessionId":"s"}}\n{"type":"user.message","data":{"content":["hi"]}}', error: /at line 2 \(data\.content\) expected the user's prompt as a string "content", found an array of 1/ },
    { what: "a file with no session.start", text: '{"type":"user.message","data":{"content":"hi"}}', error: /at line 1 \(type\) expected "session\.start" \(the first event\), found "user\.message"/ },
    { what: "a Gemini CLI recording forced as copilot-cli", text: '{"sessionId":"s","projectHash":"p","messages":[]}', error: /at \$ expected JSON lines starting with a \{"type":"session\.start"\} event/ },
  ])("rejects $what, naming where", ({ text, error }) => {
    expect(() => importTranscript(text, { format: "copilot-cli" })).toThrow(error);
  });
});
