import { describe, expect, it } from "vitest";
import { generateSession } from "@/lib/generator/generate-session";
import { replaySession } from "@/lib/engine/simulate/replay-session";
import { contextAt } from "@/lib/engine/simulate/context-at";
import { opencodeStrategy } from "@/lib/engine/strategies/opencode";
import { buildRunOverlay, percentChange } from "./build-run-overlay";

describe("buildRunOverlay", async () => {
  const session = generateSession({ seed: 11, messages: 600 });
  const result = await replaySession({
    session,
    strategy: opencodeStrategy,
    settings: { ...opencodeStrategy.defaults, pruneProtect: 4_000, pruneMinimum: 2_000 },
    window: 60_000,
  });

  it("puts each pivot at the message its model call produced, with the cut after it", () => {
    const overlay = buildRunOverlay({ result, messageCount: session.messages.length, viewStep: "final" });
    expect(overlay.pivots.length).toBeGreaterThan(0);
    for (const pivot of overlay.pivots) {
      // a compaction after the last call sits on the last message
      const anchor = result.steps[pivot.step]?.messageIndex ?? session.messages.length - 1;
      expect(overlay.row(anchor, session.messages[anchor].id).pivots).toContain(pivot);
      if (pivot.firstKeptIndex !== null) expect(overlay.row(pivot.firstKeptIndex, undefined).cutOf).toContain(pivot);
    }
  });

  it.each([["final" as const], [120]])("greys exactly the messages missing from the context at step %s", (viewStep) => {
    const overlay = buildRunOverlay({ result, messageCount: session.messages.length, viewStep });
    const horizon = viewStep === "final" ? session.messages.length : result.steps[viewStep].messageIndex;
    const sent = new Set(
      viewStep === "final"
        ? result.epochs[result.final.epoch].entries.slice(0, result.final.length).flatMap((entry) => (entry.kind === "original" ? [entry.index] : []))
        : contextAt(session, result, viewStep).messages.flatMap((entry) => (entry.sessionIndex === null ? [] : [entry.sessionIndex])),
    );
    let dropped = 0;
    session.messages.forEach((message, index) => {
      const expected = index < horizon && !sent.has(index);
      expect(overlay.row(index, message.id).dropped).toBe(expected);
      if (expected) dropped++;
    });
    expect(overlay.droppedCount).toBe(dropped);
  });

  it("shows the marks in force at the viewed step only", () => {
    const mark = result.marks[0];
    expect(mark).toBeDefined();
    const index = session.messages.findIndex((message) => message.id === mark.messageId);
    const before = buildRunOverlay({ result, messageCount: session.messages.length, viewStep: Math.max(0, mark.mark.step - 1) });
    const after = buildRunOverlay({ result, messageCount: session.messages.length, viewStep: "final" });
    expect(before.row(index, mark.messageId).marks.has(mark.partIndex)).toBe(mark.mark.step === 0);
    expect(after.row(index, mark.messageId).marks.get(mark.partIndex)?.kind).toBeDefined();
  });
});

describe("percentChange", () => {
  it.each([
    [100, 40, "−60%"],
    [100, 100, "−0%"],
    [100, 150, "+50%"],
    [0, 10, ""],
  ])("%i → %i is %s", (before, after, expected) => {
    expect(percentChange(before, after)).toBe(expected);
  });
});

describe("buildRunOverlay: protected regions and split turns", async () => {
  const { nousStrategy } = await import("@/lib/engine/strategies/nous");
  const { piStrategy } = await import("@/lib/engine/strategies/pi");
  const { buildSession } = await import("@/lib/engine/testing/build-session");
  const session = generateSession({ seed: 3, messages: 500 });
  const result = await replaySession({ session, strategy: nousStrategy, window: 60_000 });

  it("shades the tail the newest protecting step reported, from its first message up to that step's call", () => {
    const prune = result.events.find((event) => event.type === "prune" && event.protected?.length)!;
    const overlay = buildRunOverlay({ result, messageCount: session.messages.length, viewStep: prune.step });
    expect(overlay.protection?.step).toBe(prune.step);
    const tail = overlay.protection!.regions.find((region) => region.kind === "tail")!;
    expect(tail.kind === "tail" && tail.label).toMatch(/keepLastToolResults/);
    const from = tail.kind === "tail" ? tail.fromIndex : -1;
    const horizon = result.steps[prune.step].messageIndex;
    session.messages.forEach((message, index) => {
      const row = overlay.row(index, message.id);
      expect(row.protectedBy.length > 0).toBe(index >= from && index < horizon);
      expect(row.protectedStarts.length > 0).toBe(index === from);
    });
  });

  it("shows no protection before the first protecting step", () => {
    const first = result.events.find((event) => event.type === "prune" && event.protected?.length)!;
    expect(buildRunOverlay({ result, messageCount: session.messages.length, viewStep: first.step - 1 }).protection).toBeNull();
  });

  it("marks a pi split turn's prefix rows, up to the first kept message", async () => {
    const sized = (tokens: number, letter = "x") => letter.repeat(tokens * 4);
    const split = buildSession([
      { user: sized(300, "a") },
      { assistant: sized(300, "b") },
      { user: "fix the bug" },
      { assistant: "look", tools: [{ name: "read", input: { path: "src/big.ts" }, output: sized(500) }] },
      { assistant: "edit", tools: [{ name: "edit", input: { path: "src/big.ts" }, output: "ok" }] },
      { assistant: "done" },
    ]);
    const run = await replaySession({ session: split, strategy: piStrategy, settings: { reserveTokens: 100, keepRecentTokens: 300 }, window: 1_200 });
    const overlay = buildRunOverlay({ result: run, messageCount: split.messages.length, viewStep: "final" });
    expect(split.messages.map((message, index) => overlay.row(index, message.id).splitTurnOf.length)).toEqual([0, 0, 1, 1, 1, 0, 0, 0]);
  });
});
