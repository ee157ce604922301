import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { checkInvariants } from "../simulate/check-invariants";
import { contextAt, finalContext } from "../simulate/context-at";
import type { CompactionEndEvent, CompactionStartEvent, FallbackEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { SummarizeRequest, Summarizer } from "../summarize/summarizer";
import { buildSession } from "../testing/build-session";
import { CODEX_SUMMARY_PREFIX, codexLimit, codexStrategy, DEFAULT_CODEX_SETTINGS, truncateMiddle } from "./codex";
import { noneStrategy } from "./none";
import { resolveSettings } from "./resolve-settings";

const sized = (tokens: number, letter = "x") => letter.repeat(tokens * 4);

function recordingSummarizer(text = "handoff") {
  const requests: SummarizeRequest[] = [];
  const summarizer: Summarizer = async (request) => {
    requests.push(request);
    return { text, usage: { input: 0, output: 0 } };
  };
  return { requests, summarizer };
}

const ofType = <T extends { type: string }>(events: readonly { type: string }[], type: T["type"]) =>
  events.filter((event): event is T => event.type === type);

describe("codex strategy", () => {
  it("defaults: autoCompactTokenLimit null (= 90% of the window) and 20,000 tokens of user messages", () => {
    expect(DEFAULT_CODEX_SETTINGS).toEqual({ autoCompactTokenLimit: null, userMessageMaxTokens: 20_000 });
    expect(codexLimit(200_000, DEFAULT_CODEX_SETTINGS)).toBe(180_000);
    expect(codexLimit(272_000, DEFAULT_CODEX_SETTINGS)).toBe(244_800);
    expect(codexLimit(200_000, { ...DEFAULT_CODEX_SETTINGS, autoCompactTokenLimit: 150_000 })).toBe(150_000);
  });

  it("settings are validated: a zero limit and unknown keys are rejected", () => {
    expect(() => resolveSettings(codexStrategy, { autoCompactTokenLimit: 0 })).toThrowError(/autoCompactTokenLimit/);
    expect(() => resolveSettings(codexStrategy, { limit: 1 })).toThrowError(/unknown setting/);
  });

  it("fires before the first call at or above 90% of the window (from the uncompacted timeline)", async () => {
    const session = generateSession({ seed: 31, messages: 400 });
    const window = 50_000;
    const none = await replaySession({ session, strategy: noneStrategy, window });
    const expected = none.steps.find((step) => step.contextTokens >= 45_000)!;
    const result = await replaySession({ session, strategy: codexStrategy, window });
    expect(ofType<CompactionStartEvent>(result.events, "compaction-start")[0]).toMatchObject({ step: expected.step, tokensBefore: expected.contextTokens });
  });

  it("new context = system messages + recent user messages (in order) + the prefixed summary; no assistant or tool message kept", async () => {
    const session = buildSession([
      { system: "You are Codex." },
      { user: "first ask" },
      { assistant: "working", tools: [{ name: "shell", input: { command: "ls" }, output: sized(3_000) }] },
      { user: "second ask" },
      { assistant: "more", tools: [{ name: "shell", input: { command: "make" }, output: sized(3_000) }] },
      { assistant: "done" },
    ]);
    const { requests, summarizer } = recordingSummarizer();
    const result = await replaySession({ session, strategy: codexStrategy, window: 6_000, summarizer });
    expect(requests[0].messages.map((message) => message.id)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
    const snapshot = contextAt(session, result, ofType<CompactionEndEvent>(result.events, "compaction-end")[0].step);
    expect(snapshot.messages.map((entry) => entry.message.id.startsWith("lab:") ? entry.purpose : entry.message.id)).toEqual(["m0", "m1", "m4", "summary"]);
    expect(snapshot.messages[3].message.parts[0]).toMatchObject({ text: `${CODEX_SUMMARY_PREFIX}\nhandoff` });
  });

  it("user messages are taken newest first up to 20,000 tokens: the one crossing the budget is truncated, older ones dropped", async () => {
    const session = buildSession([
      { user: sized(9_000, "a") },
      { user: sized(9_000, "b") },
      { user: sized(9_000, "c") },
      { user: sized(9_000, "d") },
      { assistant: "ok" },
    ]);
    const result = await replaySession({ session, strategy: codexStrategy, window: 30_000, summarizer: recordingSummarizer().summarizer });
    const messages = finalContext(session, result).messages;
    // d and c fit (2 × 9,004), b is cut to the remaining ~1,992 tokens, a is dropped
    expect(messages.map((entry) => entry.message.id.startsWith("lab:") ? entry.purpose : entry.message.id)).toEqual(["handoff", "m2", "m3", "summary", "m4"]);
    const truncated = messages[0].message.parts[0];
    expect(truncated.type === "text" && truncated.text.startsWith("bbbb") && truncated.text.includes("tokens truncated")).toBe(true);
    expect(truncated.type === "text" && truncated.text.length <= (20_000 - 2 * 9_004) * 4).toBe(true);
  });

  it("truncation keeps the head and tail with a marker and never exceeds the budget", () => {
    const text = `${"h".repeat(500)}${"m".repeat(1_000)}${"t".repeat(500)}`;
    const cut = truncateMiddle(text, 400);
    expect(cut.length).toBeLessThanOrEqual(400);
    expect(cut.startsWith("h")).toBe(true);
    expect(cut.endsWith("t")).toBe(true);
    expect(cut).toMatch(/…400 tokens truncated…/);
    expect(truncateMiddle("short", 400)).toBe("short");
  });

  it("earlier summaries and injected (synthetic) user messages are not carried over", async () => {
    const session = buildSession([
      { user: "real ask" },
      { assistant: "x", tools: [{ name: "shell", input: {}, output: sized(2_000) }] },
      { user: "Continue if you have next steps" },
      { assistant: "y", tools: [{ name: "shell", input: {}, output: sized(2_000) }] },
      { user: "later ask" },
      { assistant: "z", tools: [{ name: "shell", input: {}, output: sized(2_000) }] },
      { assistant: "z2", tools: [{ name: "shell", input: {}, output: sized(2_000) }] },
      { assistant: "z3", tools: [{ name: "shell", input: {}, output: sized(2_000) }] },
      { assistant: "done" },
    ]);
    const injected = { ...session, messages: session.messages.map((message) => (message.id === "m3" ? { ...message, synthetic: true } : message)) };
    const result = await replaySession({ session: injected, strategy: codexStrategy, window: 4_000, summarizer: recordingSummarizer().summarizer });
    expect(ofType<CompactionStartEvent>(result.events, "compaction-start").length).toBeGreaterThanOrEqual(2);
    const kept = finalContext(injected, result).messages.filter((entry) => entry.message.role === "user" && entry.purpose !== "summary");
    expect(kept.map((entry) => entry.message.id)).not.toContain("m3");
    expect(finalContext(injected, result).messages.filter((entry) => entry.purpose === "summary")).toHaveLength(1);
  });

  it("an empty summary is rejected and the history left as it was", async () => {
    const session = buildSession([{ user: sized(3_000) }, { assistant: "a" }, { user: sized(3_000) }, { assistant: "b" }]);
    const result = await replaySession({ session, strategy: codexStrategy, window: 6_000, summarizer: recordingSummarizer("  ").summarizer });
    expect(ofType<FallbackEvent>(result.events, "fallback")[0]).toMatchObject({ outcome: "unchanged" });
  });

  it.each([
    { seed: 32, messages: 500, window: 60_000 },
    { seed: 33, messages: 900, window: 100_000 },
  ])("generated session $seed: compacts and stays sound", async ({ seed, messages, window }) => {
    const session = generateSession({ seed, messages });
    const result = await replaySession({ session, strategy: codexStrategy, window });
    expect(ofType<CompactionStartEvent>(result.events, "compaction-start").length).toBeGreaterThan(0);
    for (const end of ofType<CompactionEndEvent>(result.events, "compaction-end")) expect(end.fits).toBe(true);
    expect(checkInvariants(session, result).violations).toEqual([]);
  });
});
