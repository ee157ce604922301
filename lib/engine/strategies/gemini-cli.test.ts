import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext } from "../simulate/context-at";
import { planCompaction } from "../simulate/plan-compaction";
import type { CompactionStartEvent, FallbackEvent, GuardEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { estimateMessageTokens } from "../tokens/chars4";
import { DEFAULT_GEMINI_CLI_SETTINGS, GEMINI_CLI_ACKNOWLEDGEMENT, GEMINI_CLI_FAILED_GUARD, geminiCliStrategy } from "./gemini-cli";
import { noneStrategy } from "./none";
import { resolveSettings } from "./resolve-settings";

const sized = (tokens: number, letter = "x") => letter.repeat(tokens * 4);

function recordingSummarizer(text = "<state_snapshot>…</state_snapshot>") {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text, usage: { input: 0, output: 0 } };
  };
  return { requests, summarizer };
}

const ofType = <T extends { type: string }>(events: readonly { type: string }[], type: T["type"]) =>
  events.filter((event): event is T => event.type === type);
const label = (entry: { message: { id: string }; purpose: string | null }) => (entry.message.id.startsWith("lab:") ? entry.purpose : entry.message.id);

/** Ten turns of ~1,000 tokens each: user ask + one tool call + its result. */
function turnsSession(count = 10): ReturnType<typeof buildSession> {
  const turns: TurnSpec[] = [];
  for (let turn = 0; turn < count; turn++) {
    turns.push({ user: `ask ${turn}` });
    turns.push({ assistant: `on it ${turn}`, tools: [{ name: "run_shell_command", input: { command: `step ${turn}` }, output: sized(1_000) }] });
  }
  turns.push({ user: "last" });
  turns.push({ assistant: "done" });
  return buildSession(turns);
}

describe("gemini-cli strategy", () => {
  it("defaults: compressionThreshold 0.5 and compressionPreserveThreshold 0.3", () => {
    expect(DEFAULT_GEMINI_CLI_SETTINGS).toEqual({ compressionThreshold: 0.5, compressionPreserveThreshold: 0.3 });
    expect(() => resolveSettings(geminiCliStrategy, { compressionThreshold: 0 })).toThrowError(/compressionThreshold/);
    expect(() => resolveSettings(geminiCliStrategy, { compressionPreserveThreshold: 1 })).toThrowError(/compressionPreserveThreshold/);
  });

  it("compresses before the first call at or above 50% of the window (from the uncompacted timeline)", async () => {
    const session = generateSession({ seed: 41, messages: 300 });
    const window = 60_000;
    const none = await replaySession({ session, strategy: noneStrategy, window });
    const expected = none.steps.find((step) => step.contextTokens >= 30_000)!;
    const result = await replaySession({ session, strategy: geminiCliStrategy, window });
    expect(ofType<CompactionStartEvent>(result.events, "compaction-start")[0]).toMatchObject({ step: expected.step, tokensBefore: expected.contextTokens });
  });

  it("keeps the last ~30%: the split is the first user turn start with ≥ 70% of the history before it", async () => {
    const session = turnsSession();
    const window = 20_500;
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: geminiCliStrategy, window, summarizer });
    const start = ofType<CompactionStartEvent>(result.events, "compaction-start")[0];
    // recompute the split over what the uncompacted replay held at that step
    const before = contextAt(session, await replaySession({ session, strategy: noneStrategy, window }), start.step).messages;
    const tokens = before.map((entry) => estimateMessageTokens(entry.message));
    const total = tokens.reduce((sum, value) => sum + value, 0);
    const prefix = (end: number) => tokens.slice(0, end).reduce((sum, value) => sum + value, 0);
    const split = before.findIndex((entry, index) => entry.message.role === "user" && prefix(index) >= 0.7 * total);
    expect(split).toBeGreaterThan(0);
    expect(requests[0].messages.map((message) => message.id)).toEqual(before.slice(0, split).map((entry) => entry.message.id));
    const context = contextAt(session, result, start.step).messages;
    expect(context.map(label).slice(0, 3)).toEqual(["summary", "acknowledgement", before[split].message.id]);
    expect(context[0].message.role).toBe("user");
    expect(context[1].message).toMatchObject({ role: "assistant", parts: [{ text: GEMINI_CLI_ACKNOWLEDGEMENT }] });
    expect(prefix(split)).toBeGreaterThanOrEqual(0.7 * total);
    const previousTurn = before.findLastIndex((entry, index) => index < split && entry.message.role === "user");
    expect(prefix(previousTurn)).toBeLessThan(0.7 * total);
  });

  it("the split never lands on a tool result (function response): it moves to a user turn start", async () => {
    const turns: TurnSpec[] = [{ user: "one big turn" }];
    for (let call = 0; call < 8; call++) turns.push({ assistant: `call ${call}`, tools: [{ name: "read_file", input: { path: `f${call}` }, output: sized(1_000) }] });
    turns.push({ user: "next" });
    turns.push({ assistant: "ok" });
    const session = buildSession(turns);
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: geminiCliStrategy, window: 16_000, summarizer });
    // no user message after 70%: the last turn start before it ("one big turn", m0) leaves nothing to compress…
    // …until "next" arrives, which is a turn start past 70%
    expect(requests).toHaveLength(1);
    const first = finalContext(session, result).messages.find((entry) => entry.sessionIndex !== null)!;
    expect(first.message.role).toBe("user");
    expect(checkInvariants(session, result).violations).toEqual([]);
  });

  it("the snapshot request asks for Gemini's five state_snapshot sections", async () => {
    const { requests, summarizer } = recordingSummarizer();
    await replaySession({ session: turnsSession(), strategy: geminiCliStrategy, window: 20_500, summarizer });
    const format = requests[0].format;
    expect(format.style === "sections" ? format.sections.map((section) => section.heading) : []).toEqual([
      "<overall_goal>",
      "<key_knowledge>",
      "<file_system_state>",
      "<recent_actions>",
      "<current_plan>",
    ]);
    expect(requests[0].instructions).toMatch(/<state_snapshot>/);
  });

  it("a snapshot larger than what it replaces (token inflation) is rejected: history unchanged, fallback event, then no more auto-compression", async () => {
    const session = turnsSession(14);
    const inflated = recordingSummarizer(sized(20_000));
    const result = await replaySession({ session, strategy: geminiCliStrategy, window: 20_500, summarizer: inflated.summarizer });
    const fallbacks = ofType<FallbackEvent>(result.events, "fallback");
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toMatchObject({ outcome: "unchanged" });
    expect(fallbacks[0].reason).toMatch(/token inflation/);
    expect(inflated.requests).toHaveLength(1);
    expect(ofType<GuardEvent>(result.events, "guard")).toEqual([expect.objectContaining({ guard: GEMINI_CLI_FAILED_GUARD })]);
    const none = await replaySession({ session, strategy: noneStrategy, window: 20_500 });
    expect(result.steps.map((step) => step.contextTokens)).toEqual(none.steps.map((step) => step.contextTokens));
    // a forced compression still runs after the failure
    expect(planCompaction({ session, strategy: geminiCliStrategy, window: 20_500 }).plan).not.toBeNull();
  });

  it("after a failed compression, over the threshold, tool output older than the newest 50,000 tokens of it is truncated (gemini-cli-core 0.61), never summarized again", async () => {
    // 12,000-token (48,000-character) tool results at a 200K window: compression fails at 100K, then the context grows
    const turns: TurnSpec[] = [];
    for (let turn = 0; turn < 14; turn++) {
      turns.push({ user: `ask ${turn}` });
      turns.push({ assistant: `on it ${turn}`, tools: [{ name: "run_shell_command", input: { command: `step ${turn}` }, output: `${turn}`.padEnd(48_000, "x") }] });
    }
    const session = buildSession(turns);
    const window = 200_000;
    const inflated = recordingSummarizer(sized(150_000));
    const result = await replaySession({ session, strategy: geminiCliStrategy, window, summarizer: inflated.summarizer });
    expect(inflated.requests).toHaveLength(1);
    const fallback = ofType<FallbackEvent>(result.events, "fallback")[0];
    expect(fallback.reason).toMatch(/token inflation/);
    expect(ofType<GuardEvent>(result.events, "guard")).toEqual([expect.objectContaining({ guard: GEMINI_CLI_FAILED_GUARD, message: expect.stringMatching(/50,000 tokens/) })]);
    const truncations = result.events.filter((event) => event.type === "prune" && event.pruner === "truncate-to-budget");
    expect(truncations.length).toBeGreaterThan(0);
    expect(truncations.every((event) => event.step >= fallback.step)).toBe(true);

    const last = result.steps.length - 1;
    const results = contextAt(session, result, last)
      .messages.flatMap((entry) => entry.message.parts)
      .flatMap((part) => (part.type === "tool-result" ? [part.output] : []));
    // newest first: whole while the running total stays within 50,000 tokens, then truncated
    const whole = [...results].reverse().findIndex((output) => output.startsWith("Output too large"));
    expect(whole).toBe(4); // 4 × ~12,000 tokens fit, a fifth would not
    for (const output of results.slice(0, results.length - whole)) {
      expect(output).toMatch(/^Output too large: the first \d{1,3}(,\d{3})* and last \d{1,3}(,\d{3})* characters follow; the whole output is in tool-outputs\/run_shell_command_c\d+\.txt\n/);
      expect(output).toMatch(/\.\.\. \[\d{1,3}(,\d{3})* characters left out\] \.\.\./);
      expect(output.length).toBeLessThan(41_000);
    }
    const none = await replaySession({ session, strategy: noneStrategy, window });
    expect(result.steps[last].contextTokens).toBeLessThan(none.steps[last].contextTokens - 10_000);
    expect(checkInvariants(session, result).violations).toEqual([]);
    // deterministic
    expect((await replaySession({ session, strategy: geminiCliStrategy, window, summarizer: recordingSummarizer(sized(150_000)).summarizer })).steps).toEqual(result.steps);
  });

  it.each([
    { seed: 42, messages: 500, window: 60_000 },
    { seed: 43, messages: 900, window: 120_000 },
  ])("generated session $seed: compresses, each result under the threshold, and stays sound", async ({ seed, messages, window }) => {
    const session = generateSession({ seed, messages });
    const result = await replaySession({ session, strategy: geminiCliStrategy, window });
    expect(ofType<CompactionStartEvent>(result.events, "compaction-start").length).toBeGreaterThan(0);
    expect(checkInvariants(session, result).violations).toEqual([]);
  });
});
