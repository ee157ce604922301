import { describe, expect, it } from "vitest";
import { worstCuts, type RecallCut } from "./worst-cuts";

const cut = (step: number | "final", recall: number | null, counted = 10, present = recall === null ? 0 : Math.round(recall * counted)): RecallCut => ({ step, recall, counted, present });

describe("worstCuts", () => {
  it.each([
    { name: "lowest recall first", cuts: [cut(1, 0.9), cut(2, 0.4), cut(3, 0.7)], count: 2, expected: [1, 2] },
    { name: "ties: the one that lost more facts, then the earlier", cuts: [cut(1, 0.5, 10), cut(2, 0.5, 40), cut(3, 0.5, 10)], count: 3, expected: [1, 0, 2] },
    { name: "nothing to check and nothing lost are never named", cuts: [cut(1, null), cut(2, 1), cut(3, 0.8)], count: 5, expected: [2] },
    { name: "no cuts", cuts: [], count: 5, expected: [] },
  ])("$name", ({ cuts, count, expected }) => {
    expect(worstCuts(cuts, count)).toEqual(expected);
  });
});
