import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { checkInvariants } from "../simulate/check-invariants";
import { finalContext } from "../simulate/context-at";
import { planCompaction } from "../simulate/plan-compaction";
import type { CompactionStartEvent, GuardEvent, PruneEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import type { Session } from "../model";
import { buildSession, type TurnSpec } from "../testing/build-session";
import {
  CLAUDE_CODE_CONTINUATION_OPENING,
  CLAUDE_CODE_THRASH_GUARD,
  claudeCodeStrategy,
  claudeCodeTrigger,
  DEFAULT_CLAUDE_CODE_SETTINGS,
} from "./claude-code";
import { MICROCOMPACT_PLACEHOLDER } from "./claude-code/microcompact";
import { noneStrategy } from "./none";
import { resolveSettings } from "./resolve-settings";

const sized = (tokens: number, letter = "x") => letter.repeat(tokens * 4);

function recordingSummarizer() {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text: `summary ${requests.length}`, usage: { input: 0, output: 0 } };
  };
  return { requests, summarizer };
}

const ofType = <T extends { type: string }>(events: readonly { type: string }[], type: T["type"]) =>
  events.filter((event): event is T => event.type === type);

/** trigger = window − 20,000 − 13,000 = 67,000 at a 100,000 window with the defaults */
const WINDOW = 100_000;

/** A user ask, then one call per tool output, then a final answer. */
function toolSession(outputs: { name: string; tokens: number; path?: string }[]) {
  const turns: TurnSpec[] = [{ system: "You are Claude Code." }, { user: "go" }];
  outputs.forEach((output, index) =>
    turns.push({ assistant: `step ${index}`, tools: [{ name: output.name, input: { file_path: output.path ?? `f${index}.ts` }, output: sized(output.tokens) }] }),
  );
  turns.push({ assistant: "done" });
  return buildSession(turns);
}

describe("claude-code strategy", () => {
  it.each([
    { window: 200_000, settings: {}, trigger: 167_000 },
    { window: 200_000, settings: { maxOutputTokens: 8_000 }, trigger: 179_000 },
    { window: 1_000_000, settings: {}, trigger: 967_000 },
  ])("trigger = window − min(maxOutputTokens, 20,000) − 13,000: $window with $settings → $trigger", ({ window, settings, trigger }) => {
    expect(claudeCodeTrigger(window, resolveSettings(claudeCodeStrategy, settings) as typeof DEFAULT_CLAUDE_CODE_SETTINGS)).toBe(trigger);
  });

  it("settings are validated: unknown keys and negative numbers are rejected", () => {
    expect(() => resolveSettings(claudeCodeStrategy, { keepRecent: 3 })).toThrowError(/unknown setting/);
    expect(() => resolveSettings(claudeCodeStrategy, { thrashTurns: 0 })).toThrowError(/thrashTurns/);
  });

  it("fires before the first call at or above the trigger (from the uncompacted timeline)", async () => {
    const session = generateSession({ seed: 5, messages: 400 });
    const window = 60_000;
    const trigger = claudeCodeTrigger(window, DEFAULT_CLAUDE_CODE_SETTINGS);
    const none = await replaySession({ session, strategy: noneStrategy, window });
    const expected = none.steps.find((step) => step.contextTokens >= trigger)!;
    const result = await replaySession({ session, strategy: claudeCodeStrategy, window });
    const first = result.events.find((event) => event.type === "prune" || event.type === "compaction-start")!;
    expect(first.step).toBe(expected.step);
  });

  it("microcompact clears all but the newest 3 compactable results when that frees ≥ 20,000, and then no full compaction is needed", async () => {
    const session = toolSession(Array.from({ length: 6 }, () => ({ name: "Read", tokens: 12_000 })));
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: claudeCodeStrategy, window: WINDOW, summarizer });
    const prunes = ofType<PruneEvent>(result.events, "prune");
    expect(prunes).toHaveLength(1);
    expect(prunes[0]).toMatchObject({ pruner: "microcompact", parts: 3, kinds: { cleared: 3 } });
    expect(prunes[0].tokensFreed).toBeGreaterThanOrEqual(20_000);
    expect(requests).toHaveLength(0);
    const tools = finalContext(session, result).messages.filter((entry) => entry.message.role === "tool");
    expect(tools.map((entry) => (entry.message.parts[0].type === "tool-result" ? entry.message.parts[0].output === MICROCOMPACT_PLACEHOLDER : false))).toEqual([
      true, true, true, false, false, false,
    ]);
  });

  it("microcompact counts the newest results message by message, each message's parallel results in order, and steps over results an earlier pass cleared", async () => {
    const call = (id: string) => ({ type: "tool-call" as const, id, name: "Read", input: { file_path: `${id}.ts` } });
    const result = (id: string) => ({ type: "tool-result" as const, callId: id, name: "Read", output: sized(12_000), isError: false, images: [] });
    const session: Session = {
      title: "parallel reads",
      format: "claude-code",
      meta: {},
      messages: [
        { id: "u", role: "user", parts: [{ type: "text", text: "read them all" }] },
        { id: "a1", role: "assistant", parts: [call("r0"), call("r1")] },
        { id: "t1", role: "tool", parts: [result("r0"), result("r1")] },
        { id: "a2", role: "assistant", parts: [call("r2"), call("r3")] },
        { id: "t2", role: "tool", parts: [result("r2"), result("r3")] },
        { id: "a3", role: "assistant", parts: [{ type: "text", text: "done" }] },
      ],
    };
    // trigger 80,000 − 33,000 = 47,000, passed once the four results (48,000) are in; the newest message's first
    // result is the one kept
    const replay = await replaySession({ session, strategy: claudeCodeStrategy, settings: { microcompactKeepRecent: 1 }, window: 80_000, summarizer: recordingSummarizer().summarizer });
    expect(ofType<PruneEvent>(replay.events, "prune")).toMatchObject([{ pruner: "microcompact", parts: 3 }]);
    const cleared = finalContext(session, replay)
      .messages.filter((entry) => entry.message.role === "tool")
      .flatMap((entry) => entry.message.parts.map((part) => (part.type === "tool-result" ? `${part.callId}:${part.output === MICROCOMPACT_PLACEHOLDER ? "cleared" : "kept"}` : "")));
    expect(cleared).toEqual(["r0:cleared", "r1:cleared", "r2:kept", "r3:cleared"]);
  });

  it("microcompact that would free less than 20,000 clears nothing; the full compaction runs instead", async () => {
    const session = toolSession([{ name: "Bash", tokens: 15_000 }, ...Array.from({ length: 3 }, () => ({ name: "Grep", tokens: 18_000 }))]);
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: claudeCodeStrategy, window: WINDOW, summarizer });
    expect(ofType<PruneEvent>(result.events, "prune")).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("microcompact leaves tools Claude Code does not clear (here TodoWrite) untouched", async () => {
    const session = toolSession([...Array.from({ length: 3 }, () => ({ name: "TodoWrite", tokens: 15_000 })), ...Array.from({ length: 4 }, () => ({ name: "read_file", tokens: 8_000 }))]);
    const result = await replaySession({ session, strategy: claudeCodeStrategy, window: WINDOW, summarizer: recordingSummarizer().summarizer });
    // only the oldest read_file (loosely Read) is clearable: 8,000 < 20,000, so nothing is cleared
    expect(ofType<PruneEvent>(result.events, "prune")).toEqual([]);
  });

  it("full compaction: everything is summarized into the nine sections and replaced by the continuation message", async () => {
    const session = toolSession([{ name: "Bash", tokens: 40_000 }, { name: "Bash", tokens: 30_000 }]);
    const { summarizer, requests } = recordingSummarizer();
    const result = await replaySession({ session, strategy: claudeCodeStrategy, window: WINDOW, summarizer });
    expect(requests[0].messages.map((message) => message.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(requests[0].format).toMatchObject({ style: "sections" });
    const headings = requests[0].format.style === "sections" ? requests[0].format.sections.map((section) => section.heading) : [];
    expect(headings).toEqual([
      "1. Primary Request and Intent",
      "2. Key Technical Concepts",
      "3. Files and Code Sections",
      "4. Errors and fixes",
      "5. Problem Solving",
      "6. All user messages",
      "7. Pending Tasks",
      "8. Current Work",
      "9. Optional Next Step",
    ]);
    const context = finalContext(session, result).messages;
    expect(context[0].message.id).toBe("m0");
    expect(context[1]).toMatchObject({ purpose: "summary", message: { role: "user" } });
    const text = context[1].message.parts[0];
    expect(text.type === "text" && text.text.startsWith(CLAUDE_CODE_CONTINUATION_OPENING) && text.text.includes("summary 1")).toBe(true);
  });

  it("after a full compaction the most recently read files are re-attached: newest first, at most 5, 5,000 tokens each, 50,000 in all", async () => {
    const reads = Array.from({ length: 7 }, (_, index) => ({ name: "Read", tokens: 6_000 + index, path: `src/file${index}.ts` }));
    const session = toolSession([...reads, { name: "Read", tokens: 6_000, path: "src/file6.ts" }, { name: "Bash", tokens: 40_000 }]);
    // microcompact off here, so the full compaction runs
    const noMicro = { microcompactMinimumSavings: 1_000_000 };
    const result = await replaySession({ session, strategy: claudeCodeStrategy, settings: noMicro, window: WINDOW, summarizer: recordingSummarizer().summarizer });
    const notes = finalContext(session, result).messages.filter((entry) => entry.purpose === "note");
    const texts = notes.map((entry) => (entry.message.parts[0].type === "text" ? entry.message.parts[0].text : ""));
    expect(texts.map((text) => /Contents of (\S+),/.exec(text)![1])).toEqual(["src/file6.ts", "src/file5.ts", "src/file4.ts", "src/file3.ts", "src/file2.ts"]);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(5_000 * 4 + 200);
    const tight = await replaySession({ session, strategy: claudeCodeStrategy, settings: { ...noMicro, postCompactTokenBudget: 12_000 }, window: WINDOW, summarizer: recordingSummarizer().summarizer });
    expect(finalContext(session, tight).messages.filter((entry) => entry.purpose === "note")).toHaveLength(2);
  });

  it("thrash guard: after 3 compactions in a row refilled above the trigger within 3 calls, auto-compaction stops with a guard event", async () => {
    const session = toolSession(Array.from({ length: 8 }, () => ({ name: "Bash", tokens: 9_500 })));
    const settings = { maxOutputTokens: 0, autocompactBufferTokens: 1_000 };
    const result = await replaySession({ session, strategy: claudeCodeStrategy, settings, window: 10_000, summarizer: recordingSummarizer().summarizer });
    expect(ofType<CompactionStartEvent>(result.events, "compaction-start").map((event) => event.step)).toEqual([1, 2, 3]);
    const guards = ofType<GuardEvent>(result.events, "guard");
    expect(guards).toHaveLength(1);
    expect(guards[0]).toMatchObject({ step: 4, guard: CLAUDE_CODE_THRASH_GUARD });
    // a manual compaction still runs after the guard tripped
    const preview = planCompaction({ session, strategy: claudeCodeStrategy, settings, window: 10_000 });
    expect(preview.plan).not.toBeNull();
  });

  it("compactions spaced more than 3 calls apart never trip the thrash guard", async () => {
    const outputs = Array.from({ length: 12 }, () => ({ name: "Bash", tokens: 2_600 }));
    const session = toolSession(outputs);
    const settings = { maxOutputTokens: 0, autocompactBufferTokens: 1_000 };
    const result = await replaySession({ session, strategy: claudeCodeStrategy, settings, window: 10_000, summarizer: recordingSummarizer().summarizer });
    const steps = ofType<CompactionStartEvent>(result.events, "compaction-start").map((event) => event.step);
    expect(steps.length).toBeGreaterThanOrEqual(2);
    for (let index = 1; index < steps.length; index++) expect(steps[index] - steps[index - 1]).toBeGreaterThan(3);
    expect(ofType<GuardEvent>(result.events, "guard")).toEqual([]);
  });

  it.each([
    { seed: 21, messages: 500, window: 60_000 },
    { seed: 22, messages: 900, window: 40_000 },
  ])("generated session $seed: compacts and stays sound (each compaction fits the trigger or an event says why)", async ({ seed, messages, window }) => {
    const session = generateSession({ seed, messages });
    const result = await replaySession({ session, strategy: claudeCodeStrategy, window });
    expect(ofType<CompactionStartEvent>(result.events, "compaction-start").length).toBeGreaterThan(0);
    expect(checkInvariants(session, result).violations).toEqual([]);
  });
});
