import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sessionStats } from "../engine/session-stats";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedTranscript } from "../testing/shared-transcripts";
import { importTranscript } from "./index";
import { openaiImporter } from "./openai";
import { openhandsImporter, usageFromCompletion } from "./openhands";
import { orphanToolResults, parseWithImporter } from "./parse-with-importer";
import { readDocument } from "./read-document";
import { sweAgentImporter } from "./swe-agent";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const parse = (text: string) => parseWithImporter(openhandsImporter, text);

describeWithShared("openhands importer on real event streams", () => {
  // Checked with python over the raw files (/tmp script, rules as in openhands.ts): messages = system and
  // message actions + one per distinct tool_call_metadata.model_response.id + observations with
  // tool_call_metadata + observations without it that have content and are not null/agent_state_changed/recall;
  // tool calls = actions with tool_call_metadata; results = observations with it; peak = max
  // model_response.usage.prompt_tokens (litellm's prompt includes cache reads and writes). No condensations.
  const cases = [
    { file: "openhands__multi_swe_bench_output.jsonl", pick: 0, sessionCount: 3, messages: 47, toolCalls: 23, toolResults: 22, peak: 33459, title: "instance 1 of 3 — ponylang__ponyc-4595" },
    { file: "openhands__multi_swe_bench_output.jsonl", pick: 1, sessionCount: 3, messages: 68, toolCalls: 33, toolResults: 32, peak: 19391, title: "instance 2 of 3 — ponylang__ponyc-4593" },
    { file: "openhands__multi_swe_bench_output.jsonl", pick: 2, sessionCount: 3, messages: 101, toolCalls: 49, toolResults: 49, peak: 27127, title: "instance 3 of 3 — ponylang__ponyc-4588" },
    { file: "openhands__basic_gui_mode.json", pick: 0, sessionCount: 1, messages: 10, toolCalls: 4, toolResults: 4, peak: 5488, title: "I want to create a VueJS app that allows me to: * See all the items on my todo …" },
  ];

  it.each(cases)("$file #$pick: $messages messages, $toolCalls calls, $toolResults results, peak $peak", ({ file, pick, sessionCount, peak, title, ...expected }) => {
    const text = fs.readFileSync(sharedTranscript(`openhands/${file}`), "utf8");
    const outcome = importTranscript(text, { pick });
    expect({ format: outcome.format, sessionCount: outcome.sessionCount }).toEqual({ format: "openhands", sessionCount });
    const { session } = outcome;
    expect(session.title).toBe(title);
    expect(sessionStats(session)).toMatchObject({ ...expected, recordedCompactions: 0, recordedPeakContextTokens: peak });
    expect(orphanToolResults(session)).toEqual([]);
  });

  it("rejects pick 3 of the three-instance JSONL", () => {
    const text = fs.readFileSync(sharedTranscript("openhands/openhands__multi_swe_bench_output.jsonl"), "utf8");
    expect(() => importTranscript(text, { pick: 3 })).toThrowError(expect.objectContaining({ code: "pick_out_of_range" }));
  });

  it("reads the gui trajectory's first call with its cache usage, and its command output with the exit-code suffix", () => {
    const [session] = parse(fs.readFileSync(sharedTranscript("openhands/openhands__basic_gui_mode.json"), "utf8"));
    expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant", "tool", "assistant", "tool", "assistant"]);
    expect(session.messages[1]).toMatchObject({
      id: "7",
      model: "claude-3-5-sonnet-20241022",
      usage: { input: 4, output: 104, cacheRead: 0, cacheWrite: 3435 },
      source: { path: "$[7]" },
      parts: [
        { type: "text", text: expect.stringMatching(/^I'll help you create a Vue.js application/) },
        { type: "tool-call", id: "toolu_01W9Z8jBctr8X2frZV9p1RYs", name: "execute_bash", input: { command: "mkdir -p /workspace/todo-app" } },
      ],
    });
    expect(session.messages[2].parts[0]).toMatchObject({ callId: "toolu_01W9Z8jBctr8X2frZV9p1RYs", output: "\n[The command completed with exit code 0.]" });
    expect(session.meta.notes).toEqual(expect.arrayContaining(["skipped 4 agent_state_changed event(s): not sent to the model as such"]));
  });

  it("keeps the malformed-call error of instance 2 as synthetic user text, and notes the unanswered finish", () => {
    const sessions = parse(fs.readFileSync(sharedTranscript("openhands/openhands__multi_swe_bench_output.jsonl"), "utf8"));
    const error = sessions[1].messages.find((message) => message.id === "29");
    expect(error).toMatchObject({ role: "user", synthetic: true, source: { line: 2, path: "$.history[28]" } });
    expect(sessions[1].meta.sourceId).toBe("ponylang__ponyc-4593");
    expect(sessions[1].meta.model).toBe("openai/openrouter-llama-4-maverick");
    expect(sessions[1].meta.notes).toEqual(expect.arrayContaining(["1 tool call(s) have no observation: toolu_33 (finish)."]));
  });
});

describe("openhands importer on small fixtures", () => {
  const [session] = parse(fixture("openhands-condensation.json"));

  it("groups the calls of one model response and records a condensation as marker + summary", () => {
    expect(session.messages.map((message) => `${message.id}:${message.role}`)).toEqual([
      "0:system", "1:user", "2:assistant", "3:tool", "4:assistant", "5:tool", "6:system", "6-summary:user", "7:assistant", "8:tool", "10:tool", "11:user", "12:assistant",
    ]);
    expect(session.messages[6].parts).toEqual([{ type: "compaction", auto: true, firstKeptMessageId: "4" }]);
    expect(session.messages[7]).toMatchObject({ summary: true, parts: [{ type: "text", text: expect.stringMatching(/^USER_CONTEXT/) }] });
    expect(session.messages[8].parts.map((part) => (part.type === "tool-call" ? part.id : part.type))).toEqual(["text", "call_fix", "call_rerun"]);
    expect(sessionStats(session)).toMatchObject({ messages: 13, toolCalls: 4, toolResults: 4, recordedCompactions: 1, recordedPeakContextTokens: 3100 });
    expect(orphanToolResults(session)).toEqual([]);
    expect(session.messages[11]).toMatchObject({ synthetic: true, parts: [{ type: "text", text: 'Missing required argument "command" in tool call execute_bash' }] });
  });

  it.each([
    { name: "OpenAI cached_tokens", usage: { prompt_tokens: 2600, completion_tokens: 35, prompt_tokens_details: { cached_tokens: 1100 } }, expected: { input: 1500, output: 35, cacheRead: 1100, cacheWrite: 0 } },
    { name: "litellm Anthropic caches", usage: { prompt_tokens: 3100, completion_tokens: 90, cache_read_input_tokens: 2400, cache_creation_input_tokens: 500 }, expected: { input: 200, output: 90, cacheRead: 2400, cacheWrite: 500 } },
    { name: "caches reported on top of the prompt", usage: { prompt_tokens: 10, completion_tokens: 1, cache_read_input_tokens: 2400 }, expected: { input: 10, output: 1, cacheRead: 2400, cacheWrite: 0 } },
    { name: "no usage", usage: null, expected: undefined },
  ])("usage from $name", ({ usage, expected }) => {
    expect(usageFromCompletion(usage)).toEqual(expected);
  });

  it.each([
    {
      name: "an observation answering no action",
      text: '[{"id": 1, "source": "agent", "observation": "run", "content": "x", "tool_call_metadata": {"tool_call_id": "call_x", "function_name": "execute_bash"}}]',
      error: /at \$\[0\]\.tool_call_metadata\.tool_call_id expected the tool_call_id of an earlier, unanswered action, found "call_x"/,
    },
    {
      name: "a tool_call_metadata without function_name",
      text: '[{"id": 1, "source": "agent", "action": "run", "args": {}, "tool_call_metadata": {"tool_call_id": "call_x", "function_name": 7}}]',
      error: /at \$\[0\]\.tool_call_metadata\.function_name expected a function_name string, found number 7/,
    },
    {
      name: "a JSONL line whose history is not an array",
      text: '{"instance_id": "a", "history": [{"id": 0, "source": "user", "action": "message", "args": {"content": "hi"}}]}\n{"instance_id": "b", "history": "none"}',
      error: /at line 2 \(\$\.history\) expected an array of events/,
    },
    { name: "a truncated file", text: '[{"id": 0, "source": "user", "action": "mess', error: /line 1/ },
    { name: "an OpenAI array (wrong format forced)", text: '[{"role": "user", "content": "hi"}]', error: /at \$\[0\] expected an event with a string "action" or "observation"/ },
  ])("rejects $name", ({ text, error }) => {
    expect(() => parse(text)).toThrowError(error);
  });

  it.each([
    { name: "an event array", text: fixture("openhands-condensation.json"), openhands: true },
    { name: "a SWE-agent .traj", text: fixture("swe-agent-text-only.traj"), openhands: false },
    { name: "an OpenAI array", text: '[{"role": "user", "content": "hi"}]', openhands: false },
  ])("sniff on $name is $openhands", ({ text, openhands }) => {
    expect(openhandsImporter.sniff(readDocument(text))).toBe(openhands);
  });

  it("is not claimed by the swe-agent or openai sniffs", () => {
    const document = readDocument(fixture("openhands-condensation.json"));
    expect(sweAgentImporter.sniff(document)).toBe(false);
    expect(openaiImporter.sniff(document)).toBe(false);
  });
});

describe("openhands importer on resolver output (flat events, no source)", () => {
  // the shape openhands-resolver writes: one ResolverOutput per line, history = [dataclasses.asdict(event) …]
  const resolverLine = (history: unknown[]) =>
    JSON.stringify({
      issue: { owner: "acme", repo: "widgets", number: 42, title: "Parser drops trailing commas", body: "…", thread_comments: null },
      issue_type: "issue",
      instruction: "Please fix the following issue for the repository in /workspace.",
      base_commit: "4f1c2e9",
      git_patch: "diff --git a/src/parse.py b/src/parse.py",
      history,
      metrics: { accumulated_cost: 0.42 },
      success: true,
      comment_success: null,
      success_explanation: "fixed",
      error: null,
    });
  const history = [
    { content: "Please fix the following issue for the repository in /workspace.", image_urls: null, wait_for_response: false, action: "message", security_risk: null },
    { command: "grep -n trailing src/parse.py", thought: "Find the parser.", blocking: false, keep_prompt: true, hidden: false, action: "run", confirmation_state: "confirmed", security_risk: null },
    { content: "12: def parse(text):", command_id: -1, command: "grep -n trailing src/parse.py", exit_code: 0, hidden: false, interpreter_details: "", observation: "run" },
    { path: "/workspace/src/parse.py", start: 0, end: -1, thought: "", action: "read", impl_source: "default" },
    { content: "def parse(text):\n    return text.split(',')", path: "/workspace/src/parse.py", observation: "read" },
    { content: "Please continue working on the task on whatever approach you think is suitable.", image_urls: null, wait_for_response: false, action: "message", security_risk: null },
    { command: "python -m pytest", thought: "", blocking: false, keep_prompt: true, hidden: false, action: "run", confirmation_state: "confirmed", security_risk: null },
    { content: "1 failed", command_id: -1, command: "python -m pytest", exit_code: 1, hidden: false, interpreter_details: "", observation: "run" },
    { outputs: {}, thought: "Done: commas are kept.", action: "finish" },
  ];

  it("reads each action as a call answered by the next observation, the instruction as the user's turn", () => {
    const outcome = importTranscript(`${resolverLine(history)}\n`);
    expect({ format: outcome.format, sessionCount: outcome.sessionCount }).toEqual({ format: "openhands", sessionCount: 1 });
    const { session } = outcome;
    expect(session.title).toBe("Parser drops trailing commas");
    expect(session.meta.sourceId).toBe("acme/widgets#42");
    // two lines: one session each, titled by instance
    expect(importTranscript(`${resolverLine(history)}\n${resolverLine(history)}\n`, { pick: 1 }).session.title).toBe("instance 2 of 2 — acme/widgets#42");
    expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "user", "assistant", "tool", "assistant"]);
    expect(sessionStats(session)).toMatchObject({ toolCalls: 4, toolResults: 3 });
    expect(orphanToolResults(session)).toEqual([]);
    const grep = session.messages[1].parts;
    expect(grep).toEqual([
      { type: "text", text: "Find the parser." },
      { type: "tool-call", id: "call-0", name: "execute_bash", input: { command: "grep -n trailing src/parse.py" } },
    ]);
    expect(session.messages[7].parts[0]).toMatchObject({ type: "tool-result", callId: "call-2", output: "1 failed\n[Command finished with exit code 1]" });
    expect(session.messages[3].parts[0]).toMatchObject({ type: "tool-call", name: "str_replace_editor", input: { command: "read", path: "/workspace/src/parse.py", start: 0, end: -1 } });
    expect(session.meta.notes?.some((note) => note.includes("the last tool call (finish) has no observation"))).toBe(true);
  });

  it("names the event that is neither an action nor an observation", () => {
    expect(() => importTranscript(`${resolverLine([...history.slice(0, 2), { content: "stray" }])}\n`)).toThrow(/\$\.history\[2\] expected an event with a string "action" or "observation"/);
  });
});
