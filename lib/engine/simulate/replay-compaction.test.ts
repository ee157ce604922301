import { describe, expect, it } from "vitest";
import { z } from "zod";
import { findCutPoint } from "../cut/find-cut-point";
import { defineStrategy, type StrategyInput, type TriggerPoint } from "../strategies/strategy";
import { trimMessagesStrategy } from "../strategies/trim-messages";
import { CHECKPOINT_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze } from "../testing/build-session";
import { checkInvariants } from "./check-invariants";
import { contextAt, finalContext } from "./context-at";
import { planCompaction } from "./plan-compaction";
import { replaySession } from "./replay-session";

/** A minimal keep-recent strategy in the shape the seed strategies take, to exercise the engine. */
function keepRecentStrategy(options: { triggers?: TriggerPoint[]; reject?: boolean } = {}) {
  const seen: Pick<StrategyInput<object>, "point" | "step" | "previousSummary" | "lastCall">[] = [];
  const strategy = defineStrategy({
    id: "test-keep-recent",
    label: "test",
    description: "test",
    source: { kind: "baseline", note: "test" },
    defaults: { threshold: 3_000, keepRecentTokens: 1_000 },
    settingsSchema: z.strictObject({ threshold: z.number(), keepRecentTokens: z.number() }),
    triggers: options.triggers ?? ["before-call"],
    decide(input) {
      seen.push({ point: input.point, step: input.step, previousSummary: input.previousSummary, lastCall: input.lastCall });
      const { context, settings } = input;
      if (context.tokens < settings.threshold && !input.force) return {};
      const from = context.lastSummaryPosition + 1;
      const cut = findCutPoint({ context, keepRecentTokens: settings.keepRecentTokens, from, snap: "any-but-tool" });
      if (cut === null) return { notes: [{ type: "warning", code: "nothing-to-cut", message: "everything is recent" }] };
      return {
        compaction: {
          reason: `context ${context.tokens} ≥ ${settings.threshold}`,
          summaries: [
            {
              ranges: [{ from: 0, to: cut }],
              request: { system: "sys", instructions: "summarize", format: CHECKPOINT_SUMMARY_FORMAT, previousSummary: input.previousSummary ?? undefined },
            },
          ],
          layout: [
            { kind: "synthetic", role: "user", purpose: "summary", text: "[Previous conversation summary]\n\n{{summary}}" },
            { kind: "synthetic", role: "assistant", purpose: "acknowledgement", text: "Understood." },
            { kind: "keep", from: cut, to: context.length },
          ],
          budget: settings.threshold,
          fallback: { layout: [{ kind: "keep", from: cut, to: context.length }] },
        },
      };
    },
    checkSummary: options.reject ? () => "too short" : undefined,
  });
  return { strategy, seen };
}

const session = deepFreeze(
  buildSession([
    { user: "Refactor src/a.ts" },
    ...Array.from({ length: 16 }, (_, index) => ({
      assistant: `step ${index}`,
      tools: [{ name: "read", input: { path: `src/f${index}.ts` }, output: "y".repeat(2_000) }],
    })),
    { assistant: "done" },
  ]),
);

describe("replay with a summarizing strategy", () => {
  it("compacts before the call, keeps the recent messages and builds later steps on the compacted context", async () => {
    const { strategy, seen } = keepRecentStrategy();
    const result = await replaySession({ session, strategy });
    const ends = result.events.filter((event) => event.type === "compaction-end");
    expect(ends.length).toBeGreaterThanOrEqual(2);
    const first = ends[0];
    expect(first.type === "compaction-end" && first.tokensAfter).toBeLessThan(first.tokensBefore);
    expect(first.type === "compaction-end" && first.summary).toContain("## Goal");
    expect(first.type === "compaction-end" && first.firstKeptMessageId).toMatch(/^m\d+$/);
    // the second compaction updates the first summary
    expect(seen.some((input) => input.previousSummary?.includes("## Goal"))).toBe(true);
    const atEnd = finalContext(session, result);
    expect(atEnd.messages[0].purpose).toBe("summary");
    expect(atEnd.messages[0].message.parts[0]).toMatchObject({ type: "text", synthetic: true });
    const step = result.steps.at(-1)!.step;
    expect(contextAt(session, result, step).messages[0].purpose).toBe("summary");
    expect(checkInvariants(session, result)).toEqual({ toolPairsIntact: true, fitsBudget: true, budgetReasons: [], violations: [] });
  });

  it.each([
    ["a failing summarizer", { summarizer: (async () => { throw new Error("rate limited"); }) as Summarizer }, "summarizer failed: rate limited"],
    ["a rejected summary", { reject: true }, "summary rejected: too short"],
  ])("falls back to the plan's fallback layout on %s", async (_, options, reason) => {
    const { strategy } = keepRecentStrategy({ reject: "reject" in options });
    const result = await replaySession({ session, strategy, summarizer: "summarizer" in options ? options.summarizer : undefined });
    expect(result.events).toContainEqual(expect.objectContaining({ type: "fallback", reason, outcome: "fallback-layout" }));
    expect(checkInvariants(session, result).violations).toEqual([]);
  });

  it("asks after-call strategies with the finished call's usage once its tool results are in", async () => {
    const { strategy, seen } = keepRecentStrategy({ triggers: ["after-call", "after-tool-results", "after-user-message"] });
    await replaySession({ session, strategy, settings: { threshold: 1e9 } });
    expect(seen[0]).toMatchObject({ point: "after-user-message", step: 0 });
    expect(seen[1]).toMatchObject({ point: "after-tool-results", step: 1 });
    expect(seen[2]).toMatchObject({ point: "after-call", step: 1, lastCall: { step: 0 } });
    expect(seen[2].lastCall!.outputTokens).toBeGreaterThan(0);
  });

  it("rejects an aborted replay", async () => {
    const { strategy } = keepRecentStrategy();
    await expect(replaySession({ session, strategy, signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it("previews a forced compaction without a summarizer", () => {
    const { strategy } = keepRecentStrategy();
    const preview = planCompaction({ session, strategy, settings: { threshold: 1e9 } });
    expect(preview.plan?.summaries).toHaveLength(1);
    expect(preview.tokensAfter).toBeLessThan(preview.tokensBefore);
    expect(preview.summaryPreview).toContain("src/f0.ts");
    expect(planCompaction({ session, strategy, settings: { threshold: 1e9 } }).plan).toEqual(preview.plan);
  });
});

describe("trim-messages", () => {
  it.each([
    [50, 0],
    [5, 1],
  ])("keeps at most %i messages (trims: %i+)", async (max, minTrims) => {
    const result = await replaySession({ session, strategy: trimMessagesStrategy, settings: { maxConversationMessages: max } });
    expect(result.events.filter((event) => event.type === "trim").length).toBeGreaterThanOrEqual(minTrims);
    for (const step of result.steps) expect(step.messages).toBeLessThanOrEqual(max);
    expect(checkInvariants(session, result).toolPairsIntact).toBe(true);
  });
});
