import { describe, expect, it } from "vitest";
import type { Session } from "../model";
import { finalContext } from "../simulate/context-at";
import type { CompactionStartEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { Summarizer } from "../summarize/summarizer";
import { buildSession, type TurnSpec } from "../testing/build-session";
import { claudeCode2_1_299Strategy, claudeCodeStrategy, claudeCodeTrigger, DEFAULT_CLAUDE_CODE_SETTINGS } from "./claude-code";
import { resolveSettings } from "./resolve-settings";

const sized = (tokens: number, letter = "x") => letter.repeat(tokens * 4);
const summarizer: Summarizer = async () => ({ text: "the summary", usage: { input: 0, output: 0 } });
const starts = (events: readonly { type: string }[]) => events.filter((event): event is CompactionStartEvent => event.type === "compaction-start");

/** Each message a minute after the previous one, and `idleMinutes` between the reply before `back` and `back`. */
function timed(turns: TurnSpec[], idleMinutes: number): Session {
  const session = buildSession(turns);
  let time = Date.parse("2026-11-01T09:00:00Z");
  return {
    ...session,
    messages: session.messages.map((message) => {
      const isBack = message.role === "user" && message.parts.some((part) => part.type === "text" && part.text === "back");
      time += (isBack ? idleMinutes : 1) * 60_000;
      return { ...message, timestamp: new Date(time).toISOString() };
    }),
  };
}

/** ~210,000 tokens read, the reply, the user away for `idleMinutes`, then a new request and its answer. */
const idleSession = (idleMinutes: number, readTokens = 210_000) =>
  timed(
    [
      { system: "You are Claude Code." },
      { user: "read the big file" },
      { assistant: "reading", tools: [{ name: "Read", input: { file_path: "big.ts" }, output: sized(readTokens) }] },
      { assistant: "read it" },
      { user: "back" },
      { assistant: "continuing" },
    ],
    idleMinutes,
  );

const WINDOW = 1_000_000; // trigger 967,000: only idle compaction can fire

describe("claude-code@2.1.299: idle compaction", () => {
  it("compacts a conversation of ≥ 200,000 tokens idle ≥ 54 minutes, keeping what the user sent on coming back", async () => {
    const session = idleSession(55);
    const result = await replaySession({ session, strategy: claudeCode2_1_299Strategy, window: WINDOW, summarizer });
    const [start] = starts(result.events);
    expect(start.reason).toMatch(/^idle 55 min ≥ 54 with context \d+ ≥ 200000/);
    expect(start.step).toBe(2); // the call answering "back"
    const final = finalContext(session, result).messages;
    expect(final.map((entry) => entry.purpose ?? entry.message.role)).toEqual(["system", "summary", "note", "user", "assistant"]);
    expect(final[3].sessionIndex).toBe(5); // "back", sent after the gap, is not summarized
    expect(result.final.contextTokens).toBeLessThan(20_000);
  });

  it.each([
    ["the version before 2.1.299", claudeCodeStrategy, {}, 55, 210_000],
    ["idleCompaction off", claudeCode2_1_299Strategy, { idleCompaction: false }, 55, 210_000],
    ["a gap under 54 minutes", claudeCode2_1_299Strategy, {}, 50, 210_000],
    ["a conversation under 200,000 tokens", claudeCode2_1_299Strategy, {}, 120, 150_000],
  ] as const)("does not compact with %s", async (_case, strategy, settings, idleMinutes, readTokens) => {
    const result = await replaySession({ session: idleSession(idleMinutes, readTokens), strategy, settings, window: WINDOW, summarizer });
    expect(starts(result.events)).toEqual([]);
  });

  it("CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS lowers the size it needs", async () => {
    const result = await replaySession({ session: idleSession(60, 150_000), strategy: claudeCode2_1_299Strategy, settings: { idleCompactMinTokens: 100_000 }, window: WINDOW, summarizer });
    expect(starts(result.events)).toHaveLength(1);
  });
});

describe("claude-code@2.1.299: what survives a compaction", () => {
  const skillSession = () =>
    buildSession([
      { system: "You are Claude Code." },
      { user: "make the report" },
      { assistant: "loading skills", tools: [{ name: "Skill", input: { skill: "pdf" }, output: `PDF SKILL START ${sized(7_000, "p")}` }] },
      { assistant: "another", tools: [{ name: "Skill", input: { skill: "charts" }, output: `CHARTS SKILL ${sized(100, "c")}` }] },
      ...Array.from({ length: 4 }, (_, index): TurnSpec => ({ assistant: `step ${index}`, tools: [{ name: "Bash", input: { command: `run ${index}` }, output: sized(20_000) }] })),
      { assistant: "done" },
    ]);

  it("re-attaches invoked skills' bodies, each cut to 5,000 tokens from its start; the earlier version does not", async () => {
    const session = skillSession();
    const result = await replaySession({ session, strategy: claudeCode2_1_299Strategy, window: 100_000, summarizer });
    expect(starts(result.events).length).toBeGreaterThan(0);
    const notes = finalContext(session, result).messages.filter((entry) => entry.purpose === "note").map((entry) => (entry.message.parts[0] as { text: string }).text);
    const pdf = notes.find((text) => text.includes('"pdf"'))!;
    expect(pdf).toContain("PDF SKILL START");
    expect(pdf.length).toBeLessThan(5_000 * 4 + 200);
    expect(notes.some((text) => text.includes('"charts"'))).toBe(true);
    const older = await replaySession({ session, strategy: claudeCodeStrategy, window: 100_000, summarizer });
    expect(finalContext(session, older).messages.some((entry) => entry.purpose === "note" && JSON.stringify(entry.message).includes("SKILL"))).toBe(false);
  });

  it("drops the oldest skill once the 25,000-token budget is spent", async () => {
    const session = skillSession();
    const result = await replaySession({ session, strategy: claudeCode2_1_299Strategy, settings: { postCompactSkillTokenBudget: 1_000 }, window: 100_000, summarizer });
    const text = JSON.stringify(finalContext(session, result).messages.filter((entry) => entry.purpose === "note"));
    expect(text).toContain("CHARTS SKILL"); // the newest fits
    expect(text).not.toContain("PDF SKILL START"); // the oldest is dropped
  });
});

describe("claude-code: the auto-compact window settings", () => {
  const resolved = (settings: Record<string, unknown>) => resolveSettings(claudeCodeStrategy, settings) as typeof DEFAULT_CLAUDE_CODE_SETTINGS;
  it.each([
    { window: 1_000_000, settings: { autoCompactWindow: 500_000 }, trigger: 467_000 },
    { window: 200_000, settings: { autoCompactWindow: 500_000 }, trigger: 167_000 }, // capped at the model's window
    { window: 200_000, settings: { autocompactPctOverride: 50 }, trigger: 90_000 }, // 50% of 180,000
    { window: 200_000, settings: { autocompactPctOverride: 95 }, trigger: 167_000 }, // only ever earlier
    { window: 1_000_000, settings: { autoCompactWindow: 400_000, autocompactPctOverride: 50 }, trigger: 190_000 },
  ])("$settings at $window → $trigger", ({ window, settings, trigger }) => {
    expect(claudeCodeTrigger(window, resolved(settings))).toBe(trigger);
  });

  it("compacts at the autoCompactWindow's trigger", async () => {
    const session = idleSession(0, 480_000);
    const result = await replaySession({ session, strategy: claudeCodeStrategy, settings: { autoCompactWindow: 500_000 }, window: WINDOW, summarizer });
    expect(starts(result.events)[0]?.reason).toMatch(/≥ auto-compact threshold 467000/);
  });
});
