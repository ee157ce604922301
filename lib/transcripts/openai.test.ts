import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Message, Session } from "../engine/model";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { listSharedTranscripts, sharedTranscript } from "../testing/shared-transcripts";
import { exportOpenAI } from "./export-openai";
import { ImportError } from "./import-error";
import { importTranscript } from "./index";
import { openaiImporter } from "./openai";
import { opencodeImporter } from "./opencode";
import { openhandsImporter } from "./openhands";
import { orphanToolResults, parseWithImporter } from "./parse-with-importer";
import { readDocument } from "./read-document";
import { sweAgentImporter } from "./swe-agent";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const parse = (text: string) => parseWithImporter(openaiImporter, text);

/** What a model sees of a message: ids and source locations differ between an import and a re-import. */
const content = (messages: Message[]) => messages.map(({ role, parts, summary }) => ({ role, parts, summary }));

describeWithShared("openai importer on tau-bench gpt-4o airline (200 trajectories)", () => {
  // Expected numbers computed independently with python over the raw file (json.load; per trajectory:
  // messages = len(traj), tool calls = sum(len(m.tool_calls)), tool results = count(role == "tool");
  // duplicate call ids = ids already seen earlier in the same trajectory). tau-bench records no usage.
  const text = fs.readFileSync(sharedTranscript("openai-chat/tau-bench__gpt-4o-airline.json"), "utf8");
  const sessions = parse(text);

  it("detects the file as openai", () => {
    expect(openaiImporter.sniff(readDocument(text))).toBe(true);
  });

  it("returns one session per trajectory", () => {
    expect(sessions).toHaveLength(200);
    expect(sessions[0].title).toBe("trajectory 1 of 200 — Hi! I'm looking to book a flight from New York to Seattle on May 20th.");
    expect(sessions[0].meta.sourceId).toBe("0");
    expect(sessions[0].meta.notes?.[0]).toBe("trajectory task_id 0, trial 0, reward 0");
  });

  it.each([
    { pick: 0, messages: 32, toolCalls: 8, toolResults: 8 },
    { pick: 199, messages: 12, toolCalls: 2, toolResults: 2 },
  ])("trajectory $pick: $messages messages, $toolCalls calls, $toolResults results", ({ pick, ...expected }) => {
    const stats = sessionStats(sessions[pick]);
    expect(stats).toMatchObject({ ...expected, recordedCompactions: 0, recordedPeakContextTokens: null });
  });

  it("counts 5308 messages, 1164 tool calls and 1164 results over all trajectories", () => {
    const totals = sessions.map(sessionStats).reduce(
      (sum, stats) => ({ messages: sum.messages + stats.messages, toolCalls: sum.toolCalls + stats.toolCalls, toolResults: sum.toolResults + stats.toolResults }),
      { messages: 0, toolCalls: 0, toolResults: 0 },
    );
    expect(totals).toEqual({ messages: 5308, toolCalls: 1164, toolResults: 1164 });
  });

  it("makes reused call ids unique (73 reuses) and links every result to an earlier call", () => {
    const renamed = sessions.flatMap((session) => session.messages.flatMap((message) => message.parts)).filter((part) => part.type === "tool-call" && part.id.includes("#"));
    expect(renamed).toHaveLength(73);
    for (const session of sessions) {
      expect(orphanToolResults(session)).toEqual([]);
      const ids = session.messages.flatMap((message) => message.parts.flatMap((part) => (part.type === "tool-call" ? [part.id] : [])));
      expect(new Set(ids).size).toBe(ids.length);
    }
    // trajectory 0 reuses call_oIHazX6yQrB8hUwl4cRilFKj for get_user_details and later for calculate
    const calculate = sessions[0].messages.flatMap((message) => message.parts).find((part) => part.type === "tool-result" && part.name === "calculate");
    expect(calculate).toMatchObject({ callId: "call_oIHazX6yQrB8hUwl4cRilFKj#2", output: "255.0" });
  });

  it("parses JSON arguments and records source paths", () => {
    const message = sessions[0].messages.find((candidate) => candidate.parts.some((part) => part.type === "tool-call"));
    expect(message?.parts[0]).toEqual({ type: "tool-call", id: "call_oIHazX6yQrB8hUwl4cRilFKj", name: "get_user_details", input: { user_id: "mia_li_3668" } });
    expect(message?.source).toEqual({ path: "$[0].traj[6]" });
  });

  it("round-trips: import → export → import gives the same messages", () => {
    for (const session of sessions) {
      const [again] = parse(JSON.stringify(exportOpenAI(session)));
      expect(content(again.messages)).toEqual(content(session.messages));
    }
  });
});

describeWithShared("openai through importTranscript", () => {
  const text = fs.readFileSync(sharedTranscript("openai-chat/tau-bench__gpt-4o-airline.json"), "utf8");

  it("detects the format, reports the session count and picks a trajectory", () => {
    const outcome = importTranscript(text, { pick: 199 });
    expect(outcome).toMatchObject({ format: "openai", sessionCount: 200, pick: 199 });
    expect(outcome.session.title).toMatch(/^trajectory 200 of 200 — /);
  });

  it.each([200, -1, 1.5])("rejects pick %s as out of range", (pick) => {
    expect(() => importTranscript(text, { pick })).toThrowError(expect.objectContaining({ code: "pick_out_of_range", message: expect.stringContaining("holds 200 session(s)") }));
  });

  it.each([
    { format: "openhands" as const, error: /Not a valid openhands transcript: at \$\[0\] expected an event with a string "action" or "observation"/ },
    { format: "swe-agent" as const, error: /Not a valid swe-agent transcript: at \$ expected an object with history and trajectory, found an array of 200/ },
    { format: "opencode" as const, error: /Not a valid opencode transcript: at \$ expected an export object \{info, messages\}/ },
  ])("names where it fails when forced to $format", ({ format, error }) => {
    expect(() => importTranscript(text, { format })).toThrowError(error);
  });

  it("sniffs only the shared files of its own format (openai, opencode, swe-agent, openhands)", () => {
    const mine = [openaiImporter, opencodeImporter, sweAgentImporter, openhandsImporter];
    const claims = listSharedTranscripts()
      .filter((file) => !file.endsWith(".md"))
      .map((file) => {
        const document = readDocument(fs.readFileSync(sharedTranscript(file), "utf8"));
        return `${file.split("/")[0]}: ${mine.filter((importer) => importer.sniff(document)).map((importer) => importer.id).join(",")}`;
      });
    // a folder of another agent's format (new ones arrive in ../shared) is claimed by none of these importers
    const ownFormatOfFolder: Record<string, string> = { "openai-chat": "openai", openhands: "openhands", "swe-agent": "swe-agent", opencode: "opencode" };
    const expected = claims.map((claim) => {
      const folder = claim.slice(0, claim.indexOf(":"));
      return `${folder}: ${ownFormatOfFolder[folder] ?? ""}`;
    });
    expect(claims).toEqual(expected);
    expect(claims).toContain("openai-chat: openai");
  });
});

describe("openai importer on small fixtures", () => {
  it("reads developer role, content parts, images, raw-string arguments and reused ids", () => {
    const [session] = parse(fixture("openai-mixed-content.json"));
    expect(session.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "tool", "tool", "assistant", "tool", "assistant"]);
    expect(session.messages[1].parts[1]).toEqual({ type: "image", mediaType: "image/png", bytes: 70 });
    expect(session.messages[2].parts).toEqual([
      { type: "text", text: "Let me check both." },
      { type: "tool-call", id: "call_1", name: "describe_image", input: { index: 0 } },
      { type: "tool-call", id: "call_2", name: "calculate", input: "2+2" },
    ]);
    expect(session.messages[3].parts).toEqual([{ type: "tool-result", callId: "call_1", name: "describe_image", output: "A single white pixel.", isError: false, images: [] }]);
    expect(session.messages[6].parts[0]).toMatchObject({ callId: "call_1#2", name: "calculate" });
    expect(session.messages[0].source).toEqual({ path: "$.messages[0]" });
    expect(session.meta.notes).toEqual([expect.stringContaining("1 tool call(s) reused")]);
    expect(orphanToolResults(session)).toEqual([]);
  });

  it("exports raw-string arguments unchanged and JSON inputs as strings", () => {
    const [session] = parse(fixture("openai-mixed-content.json"));
    const exported = exportOpenAI(session);
    expect(exported[2]).toEqual({
      role: "assistant",
      content: "Let me check both.",
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "describe_image", arguments: '{"index":0}' } },
        { id: "call_2", type: "function", function: { name: "calculate", arguments: "2+2" } },
      ],
    });
    expect(exported[1]).toEqual({ role: "user", content: [{ type: "text", text: "What is in this picture, and what is 2+2?" }, { type: "text", text: "[image image/png]" }] });
  });

  it("exports summaries as user text and omits compaction markers", () => {
    const session: Session = {
      title: "t",
      format: "opencode",
      meta: {},
      messages: [
        { id: "m1", role: "system", parts: [{ type: "compaction", auto: true }] },
        { id: "m2", role: "assistant", summary: true, parts: [{ type: "text", text: "We fixed the parser." }] },
        { id: "m3", role: "assistant", parts: [{ type: "reasoning", text: "hidden" }, { type: "text", text: "Done." }] },
      ],
    };
    expect(exportOpenAI(session)).toEqual([
      { role: "user", content: "We fixed the parser." },
      { role: "assistant", content: "Done." },
    ]);
  });

  it.each([
    { name: "a tool result answering no earlier call", file: "openai-orphan-result.json", where: "$[2].tool_call_id", expected: "the id of an earlier, unanswered assistant tool call" },
    { name: "tool_calls that is not an array", file: "openai-wrong-type.json", where: "$[1].tool_calls", expected: "an array of tool calls" },
  ])("rejects $name, naming the JSON path", ({ file, where, expected }) => {
    expect(() => parse(fixture(file))).toThrowError(new RegExp(`at ${escape(where)} expected ${escape(expected)}`));
  });

  it("rejects a truncated file, naming the line", () => {
    const truncated = fixture("openai-mixed-content.json").replace(/\s+/g, " ").slice(0, 200);
    expect(() => parse(truncated)).toThrowError(/line 1/);
    expect(() => parse(truncated)).toThrowError(ImportError);
  });

  it.each([
    { name: "a bare event array (openhands)", text: '[{"id": 0, "source": "user", "action": "message", "args": {}}]', where: "at \\$ expected an array of chat messages" },
    { name: "JSON lines", text: '{"type":"session","id":"a"}\n{"type":"message"}', where: "at line 1 \\(\\$\\) expected one JSON document" },
    { name: "Anthropic blocks", text: '[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"x","input":{}}]}]', where: 'at \\$\\[0\\]\\.content\\[0\\]\\.type expected a content part type' },
  ])("fails clearly when forced onto $name", ({ text, where }) => {
    expect(() => parse(text)).toThrowError(new RegExp(where));
  });

  it.each([
    { name: "an OpenAI array", text: '[{"role":"user","content":"hi"}]', expected: true },
    { name: "Anthropic blocks", text: '[{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"x"}]}]', expected: false },
    { name: "an object without messages", text: '{"history": []}', expected: false },
  ])("sniff on $name is $expected", ({ text, expected }) => {
    expect(openaiImporter.sniff(readDocument(text))).toBe(expected);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
