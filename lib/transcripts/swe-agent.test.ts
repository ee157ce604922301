import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { importTranscript } from "./index";
import { openaiImporter } from "./openai";
import { orphanToolResults, parseWithImporter } from "./parse-with-importer";
import { readDocument } from "./read-document";
import { sweAgentImporter } from "./swe-agent";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const parse = (text: string) => parseWithImporter(sweAgentImporter, text);

describeWithShared("swe-agent importer on real trajectories", () => {
  // Checked with python over the raw files: messages = len(history); tool calls = assistant entries with a
  // non-empty `action`; tool results = user entries directly after such an assistant entry; demos = is_demo.
  // Both are old text-only runs (no tool_calls, no message_type) and record no per-call usage.
  it.each([
    { file: "swe-agent__ctf__i_got_id_demo.traj", messages: 43, toolCalls: 21, toolResults: 20, demos: 0, firstCall: "curl" },
    { file: "swe-agent__gpt4__pydicom-1458.traj", messages: 26, toolCalls: 12, toolResults: 11, demos: 1, firstCall: "create" },
  ])("$file: $messages messages, $toolCalls calls, $toolResults results", ({ file, demos, firstCall, ...expected }) => {
    const text = fs.readFileSync(sharedTranscript(`swe-agent/${file}`), "utf8");
    const { format, sessionCount, session } = importTranscript(text);
    expect({ format, sessionCount }).toEqual({ format: "swe-agent", sessionCount: 1 });
    expect(sessionStats(session)).toMatchObject({ ...expected, recordedCompactions: 0, recordedPeakContextTokens: null });
    expect(orphanToolResults(session)).toEqual([]);
    expect(session.messages.filter((message) => message.synthetic)).toHaveLength(demos);
    const firstCallPart = session.messages.flatMap((message) => message.parts).find((part) => part.type === "tool-call");
    expect(firstCallPart).toMatchObject({ name: firstCall });
    // the last action (submit) is never answered, and the notes say so
    expect(session.meta.notes).toEqual(expect.arrayContaining([expect.stringMatching(/^SWE-agent model_stats \(run totals/), expect.stringMatching(/^1 action\(s\) have no observation/)]));
  });

  it("rejects pick 1 of a single-trajectory file", () => {
    const text = fs.readFileSync(sharedTranscript("swe-agent/swe-agent__ctf__i_got_id_demo.traj"), "utf8");
    expect(() => importTranscript(text, { pick: 1 })).toThrowError(/holds 1 session\(s\); pick 1 is out of range \(0–0\)/);
  });

  it("turns the pydicom observation after `create` into the tool result", () => {
    const [session] = parse(fs.readFileSync(sharedTranscript("swe-agent/swe-agent__gpt4__pydicom-1458.traj"), "utf8"));
    expect(session.messages[3].parts).toEqual([
      { type: "text", text: expect.stringMatching(/^First, I'll create a new Python script/) },
      { type: "tool-call", id: "swe-agent-call-3", name: "create", input: "create reproduce_bug.py\n" },
    ]);
    expect(session.messages[4]).toMatchObject({ role: "tool", source: { path: "$.history[4]" } });
    expect(session.messages[4].parts[0]).toMatchObject({ type: "tool-result", callId: "swe-agent-call-3", name: "create", output: expect.stringMatching(/^\[File: \/pydicom__pydicom\/reproduce_bug.py/) });
    expect(session.title).toMatch(/^We're currently solving the following issue/);
  });
});

describe("swe-agent importer on small fixtures", () => {
  it("reads a function-calling run as OpenAI messages, demos synthetic", () => {
    const [session] = parse(fixture("swe-agent-function-calling.traj"));
    expect(session.messages.map((message) => message.role)).toEqual(["system", "user", "user", "assistant", "tool", "assistant"]);
    expect(session.messages[1].synthetic).toBe(true);
    expect(session.messages[2].synthetic).toBeUndefined();
    expect(session.messages[3].parts[1]).toEqual({ type: "tool-call", id: "call_ls", name: "bash", input: { command: "ls -la" } });
    expect(session.messages[4].parts).toEqual([{ type: "tool-result", callId: "call_ls", name: "bash", output: "OBSERVATION:\ntotal 8\nREADME.md\nsetup.py", isError: false, images: [] }]);
    expect(sessionStats(session)).toMatchObject({ messages: 6, toolCalls: 2, toolResults: 1 });
    expect(session.meta.notes?.[0]).toBe("SWE-agent model_stats (run totals, not per call, so no message has usage): instance_cost 0.12, tokens_sent 5120, tokens_received 64, api_calls 2");
  });

  it("parses an action from the content's fenced block and leaves a format-error reply as user text", () => {
    const [session] = parse(fixture("swe-agent-text-only.traj"));
    expect(session.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);
    expect(session.messages[2].parts[1]).toEqual({ type: "tool-call", id: "swe-agent-call-2", name: "find_file", input: "find_file parser.py\n" });
    expect(session.messages[3].parts[0]).toMatchObject({ callId: "swe-agent-call-2", output: 'Found 1 matches for "parser.py": /repo/parser.py' });
    expect(session.messages[4].parts).toEqual([{ type: "text", text: "I could not decide what to do." }]);
    expect(orphanToolResults(session)).toEqual([]);
  });

  it.each([
    { name: "history that is not an array", text: '{"trajectory": [], "history": {}}', error: /at \$\.history expected an array of chat messages, found an object/ },
    { name: "a role of the wrong type", text: '{"trajectory": [], "history": [{"role": "system", "content": "x"}, {"role": 3, "content": "y"}]}', error: /at \$\.history\[1\]\.role expected a role/ },
    { name: "a truncated file", text: '{"trajectory": [], "history": [{"role": "sys', error: /line 1/ },
    { name: "an OpenAI array (wrong format forced)", text: '[{"role": "user", "content": "hi"}]', error: /at \$ expected an object with history and trajectory, found an array of 1/ },
  ])("rejects $name", ({ text, error }) => {
    expect(() => parse(text)).toThrowError(error);
  });

  it.each([
    { name: "a .traj", text: fixture("swe-agent-text-only.traj"), expected: true },
    { name: "an OpenHands history object", text: '{"history": [{"id": 0, "source": "user", "action": "message"}]}', expected: false },
  ])("sniff on $name is $expected (and openai does not claim a .traj)", ({ text, expected }) => {
    expect(sweAgentImporter.sniff(readDocument(text))).toBe(expected);
    expect(openaiImporter.sniff(readDocument(fixture("swe-agent-text-only.traj")))).toBe(false);
  });
});
