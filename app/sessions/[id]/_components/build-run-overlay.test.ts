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
