import { describe, expect, it } from "vitest";
import { peakContextTokens } from "./peak-context-tokens";

const replay = (calls: number[], final: number) => ({
  steps: calls.map((contextTokens) => ({ contextTokens })),
  final: { contextTokens: final },
});

describe("peakContextTokens", () => {
  it.each([
    { name: "growing context (no compaction): the final context, past the last call", calls: [10, 20, 30], final: 34, peak: 34 },
    { name: "a compaction after the peak: the largest call", calls: [10, 50, 12], final: 15, peak: 50 },
    { name: "no model calls: the final context", calls: [], final: 7, peak: 7 },
  ])("$name", ({ calls, final, peak }) => {
    expect(peakContextTokens(replay(calls, final))).toBe(peak);
  });
});
