import { describe, expect, it } from "vitest";
import { PROBE_KINDS } from "../engine/evaluate/probe";
import { extractProbes } from "../engine/evaluate/extract-probes";
import { replaySession } from "../engine/simulate/replay-session";
import { findStrategy } from "../engine/strategies";
import type { Summarizer } from "../engine/summarize/summarizer";
import { buildSession, deepFreeze, type TurnSpec } from "../engine/testing/build-session";
import { buildCompareRow, compareLabel, totalTokensSent } from "./compare-row";

const turns: TurnSpec[] = [{ user: "Always run the linter. Start with src/app/main.ts please." }];
for (let index = 0; index < 12; index++) {
  turns.push({
    assistant: `Step ${index}: I'll use parserVersion${index} instead of the old one.`,
    tools: [{ name: "bash", input: { command: `cat src/module_${index}/index.ts` }, output: `Error: missing export_${index}_value ${"x".repeat(400)}`, isError: true }],
  });
}
turns.push({ user: "Now write the release notes for v1.2.3." }, { assistant: "Writing them." });
const session = deepFreeze(buildSession(turns));
const probes = extractProbes(session);

const PI_SMALL = { reserveTokens: 200, keepRecentTokens: 300 };
/** a summarizer that reports a round usage, so the cost is a figure one can check by hand */
const roundUsageSummarizer: Summarizer = async () => ({ text: "Summary: the linter rule and src/app/main.ts.", usage: { input: 1_000_000, output: 200_000 } });

async function row(id: string, options: { settings?: Record<string, unknown>; window?: number; summarizer?: Summarizer; model?: string | null } = {}) {
  const window = options.window ?? 1_000_000;
  const result = await replaySession({ session, strategy: findStrategy(id)!, settings: options.settings, window, summarizer: options.summarizer });
  const none = await replaySession({ session, strategy: findStrategy("none")!, window });
  return {
    result,
    none,
    row: buildCompareRow({
      label: compareLabel({ strategy: id, settings: options.settings }),
      session,
      result,
      probes,
      noneTotal: totalTokensSent(none),
      summarizer: options.summarizer ? "anthropic" : "extractive",
      model: options.model ?? null,
    }),
  };
}

describe("buildCompareRow", () => {
  it("none: every call's context summed, nothing saved, every probe kept, no compaction points", async () => {
    const { row: none, result } = await row("none");
    // none sends the whole history each call: context grows, so the peak is the context after the last message (past
    // the last call's, by the final reply) and the mean is below it
    expect(result.steps).toHaveLength(13);
    expect(none.peakContextTokens).toBe(result.final.contextTokens);
    expect(none.peakContextTokens).toBeGreaterThan(result.steps[12].contextTokens);
    expect(none.meanContextTokens).toBeLessThan(none.peakContextTokens);
    expect(none.totalTokensSent).toBe(result.steps.reduce((sum, step) => sum + step.contextTokens, 0));
    expect(none).toMatchObject({
      config: "none",
      strategy: "none",
      settings: {},
      window: 1_000_000,
      estimator: "chars4",
      summarizer: "extractive",
      compactions: 0,
      prunes: 0,
      tokensSavedVsNone: 0,
      summarizerTokens: { input: 0, output: 0 },
      estimatedCostUsd: null,
      fallbacks: 0,
      guardTrips: 0,
      overflows: 0,
      retention: { overall: 1, afterCompactions: null, perCompaction: [] },
      judged: null,
    });
    expect(Object.keys(none.retention.byKind).sort()).toEqual([...PROBE_KINDS].sort());
    expect(none.retention.byKind.rule).toEqual({ counted: 1, retained: 1, score: 1 });
  });

  it("trim-messages: one point per trim at the trim's step, savings against none, lost early probes", async () => {
    const { row: trim, result, none } = await row("trim-messages", { settings: { maxConversationMessages: 4 } });
    const trims = result.events.filter((event) => event.type === "trim");
    expect(trims.length).toBeGreaterThan(0);
    expect(trim.config).toBe("trim-messages maxConversationMessages=4");
    expect(trim.settings).toEqual({ maxConversationMessages: 4 });
    expect(trim.compactions).toBe(trims.length);
    expect(trim.retention.perCompaction.map((point) => point.step)).toEqual(trims.map((event) => event.step));
    expect(trim.tokensSavedVsNone).toBe(totalTokensSent(none) - trim.totalTokensSent);
    expect(trim.tokensSavedVsNone).toBeGreaterThan(0);
    // the standing rule is in the first message only: a 4-message cap drops it
    expect(trim.retention.byKind.rule).toEqual({ counted: 1, retained: 0, score: 0 });
    expect(trim.retention.overall).toBeLessThan(1);
    const scores = trim.retention.perCompaction.map((point) => point.overall as number);
    expect(trim.retention.afterCompactions).toBeCloseTo(scores.reduce((sum, score) => sum + score, 0) / scores.length, 12);
  });

  it("prices the summarizer's usage for a known model, null for an unknown one", async () => {
    // claude-haiku-4-5: $1 in, $5 out per million → each compaction's 1M in + 0.2M out costs $2
    const { row: priced, result } = await row("pi", { window: 1_000, settings: PI_SMALL, summarizer: roundUsageSummarizer, model: "claude-haiku-4-5" });
    const summaries = result.events.filter((event) => event.type === "compaction-end" && event.summarizerUsage).length;
    expect(summaries).toBeGreaterThan(0);
    expect(priced.summarizerTokens).toEqual({ input: 1_000_000 * summaries, output: 200_000 * summaries });
    expect(priced.estimatedCostUsd).toBeCloseTo(2 * summaries, 9);
    const { row: unknown } = await row("pi", { window: 1_000, settings: PI_SMALL, summarizer: roundUsageSummarizer, model: "claude-imaginary-9" });
    expect(unknown.estimatedCostUsd).toBeNull();
  });

  it("a window most calls exceed counts one overflow per run of calls over it", async () => {
    const { row: overflowing, result } = await row("none", { window: 100 });
    // the first call sees only the user's short request; every later one is over the window: one run of overflows
    expect(result.steps[0].contextTokens).toBeLessThanOrEqual(100);
    expect(result.steps.slice(1).every((step) => step.contextTokens > 100)).toBe(true);
    expect(overflowing.overflows).toBe(1);
  });

  it("a session without model calls reports its final context as peak and mean and sends nothing", async () => {
    const lonely = buildSession([{ user: "Always answer in French, about src/index.ts." }]);
    const result = await replaySession({ session: lonely, strategy: findStrategy("none")! });
    const lonelyRow = buildCompareRow({ label: "none", session: lonely, result, probes: extractProbes(lonely), noneTotal: 0, summarizer: "extractive", model: null });
    expect(result.final.contextTokens).toBeGreaterThan(0);
    expect(lonelyRow).toMatchObject({ peakContextTokens: result.final.contextTokens, meanContextTokens: result.final.contextTokens, totalTokensSent: 0, tokensSavedVsNone: 0, window: 200_000 });
    expect(lonelyRow.retention.overall).toBe(1);
  });

  it("passes judged figures through", async () => {
    const judged = { overall: 0.5, byKind: { rule: { counted: 2, retained: 1, score: 0.5 } }, asked: 2, model: "claude-haiku-4-5" };
    const result = await replaySession({ session, strategy: findStrategy("none")! });
    expect(buildCompareRow({ label: "x", session, result, probes, noneTotal: 0, summarizer: "extractive", model: null, judged }).judged).toEqual(judged);
  });
});

describe("compareLabel", () => {
  it.each([
    [{ strategy: "pi" }, "pi"],
    [{ strategy: "pi", settings: {} }, "pi"],
    [{ strategy: "pi", label: "my pi", settings: { keepRecentTokens: 100 } }, "my pi"],
    [{ strategy: "trim-messages", settings: { maxConversationMessages: 20 } }, "trim-messages maxConversationMessages=20"],
    [{ strategy: "opencode", settings: { prune: false, model: "x y", list: [1, 2] } }, 'opencode prune=false model=x y list=[1,2]'],
  ])("%j → %s", (config, label) => {
    expect(compareLabel(config)).toBe(label);
  });
});
