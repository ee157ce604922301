import { describe, expect, it } from "vitest";
import { deepFreeze } from "../engine/testing/build-session";
import type { CompactionEndEvent } from "../engine/simulate/replay-events";
import { replaySession } from "../engine/simulate/replay-session";
import { strategiesById } from "../engine/strategies";
import { generateSession } from "../generator/generate-session";
import { slimReplayEvent, slimRunResult } from "./slim-run-result";

describe("slimRunResult", async () => {
  const session = generateSession({ seed: 5, messages: 600 });
  const result = deepFreeze(await replaySession({ session, strategy: strategiesById.opencode, window: 60_000 }));
  const ends = (events: readonly { type: string }[]) => events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");

  it("cuts long summaries to the limit, says their full length, and keeps everything else", () => {
    const longest = Math.max(...ends(result.events).map((event) => event.summary?.length ?? 0));
    expect(longest).toBeGreaterThan(2_000);
    const slim = slimRunResult(result, 2_000);
    expect(slim.steps).toBe(result.steps);
    expect(slim.marks).toBe(result.marks);
    ends(slim.events).forEach((event, index) => {
      const original = ends(result.events)[index];
      expect(event.summary).toBe(original.summary?.slice(0, 2_000) ?? null);
      const extra = event as CompactionEndEvent & { summaryChars?: number };
      expect(extra.summaryChars).toBe(original.summary && original.summary.length > 2_000 ? original.summary.length : undefined);
      expect({ ...event, summary: null, summaryChars: undefined }).toEqual({ ...original, summary: null, summaryChars: undefined });
    });
    slim.epochs.forEach((epoch, index) => {
      expect(epoch.step).toBe(result.epochs[index].step);
      expect(epoch.entries.map((entry) => (entry.kind === "original" ? entry.index : entry.purpose))).toEqual(
        result.epochs[index].entries.map((entry) => (entry.kind === "original" ? entry.index : entry.purpose)),
      );
      for (const entry of epoch.entries) {
        if (entry.kind === "synthetic") for (const part of entry.message.parts) if (part.type === "text") expect(part.text.length).toBeLessThanOrEqual(2_000);
      }
    });
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(result).length);
  });

  it("returns short results as they are", () => {
    const slim = slimRunResult(result, 10_000_000);
    expect(slim.events).toEqual(result.events);
    slim.epochs.forEach((epoch, index) => expect(epoch).toBe(result.epochs[index]));
  });
});

describe("slimReplayEvent", () => {
  const end: CompactionEndEvent = {
    type: "compaction-end",
    step: 3,
    tokensBefore: 900,
    tokensAfter: 100,
    summary: "abcdefghij",
    summaryTokens: 3,
    firstKeptMessageId: "m4",
    messagesBefore: 9,
    messagesAfter: 2,
    budget: 500,
    fits: true,
    summarizerUsage: null,
  };

  it.each([
    ["a summary of exactly the limit", end, 10],
    ["a null summary (a compaction that fell back)", { ...end, summary: null }, 1],
    ["any other event", { type: "fallback" as const, step: 3, reason: "x".repeat(50), outcome: "unchanged" as const }, 1],
  ])("%s comes back as the same object", (_name, event, maxChars) => {
    expect(slimReplayEvent(event, maxChars)).toBe(event);
  });

  it("a longer summary is cut and says its full length; the event is not mutated", () => {
    const frozen = deepFreeze({ ...end });
    expect(slimReplayEvent(frozen, 4)).toEqual({ ...end, summary: "abcd", summaryChars: 10 });
    expect(frozen.summary).toBe("abcdefghij");
  });
});

describe("the evidence ledger in the timeline view", () => {
  it("is replaced by its counts on compaction-end and trim events; the result itself keeps it", async () => {
    const { replaySession } = await import("../engine/simulate/replay-session");
    const { evidenceStrategy } = await import("../engine/strategies/evidence");
    const { generateSession } = await import("../generator/generate-session");
    const session = generateSession({ seed: 4, messages: 600 });
    const result = await replaySession({ session, strategy: evidenceStrategy, window: 40_000 });
    const full = result.events.filter((event) => event.type === "compaction-end" && event.details?.evidence);
    expect(full.length).toBeGreaterThan(0);
    const slim = slimRunResult(result).events.filter((event) => event.type === "compaction-end");
    for (const [index, event] of slim.entries()) {
      const original = full[index] as Extract<typeof event, { type: "compaction-end" }>;
      expect(event.details?.evidence).toBeUndefined();
      expect(event.details?.modifiedFiles).toEqual(original.details!.modifiedFiles);
      const counts = (event as unknown as { ledgerCounts: Record<string, number> }).ledgerCounts;
      expect(counts.messagesRead).toBe(original.details!.evidence!.messagesRead);
      expect(Object.entries(counts).filter(([key]) => key !== "messagesRead" && key !== "evicted").reduce((sum, [, n]) => sum + n, 0)).toBe(original.details!.evidence!.entries.length);
    }
    expect(full.every((event) => event.type === "compaction-end" && event.details?.evidence !== undefined)).toBe(true);
  });
});
