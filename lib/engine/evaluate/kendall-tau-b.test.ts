import { describe, expect, it } from "vitest";
import { kendallTauB } from "./kendall-tau-b";

describe("kendallTauB", () => {
  it.each<[string, (number | null)[], (number | null)[], number | null]>([
    ["the same order", [1, 2, 3, 4], [10, 20, 30, 40], 1],
    ["the reverse order", [1, 2, 3, 4], [4, 3, 2, 1], -1],
    // 5 items, no ties: 8 concordant, 2 discordant of 10 pairs
    ["one swap and one far move", [1, 2, 3, 4, 5], [1, 3, 2, 4, 5], 0.8],
    // ties: x = [1,2,2,3], y = [1,2,3,3]: 6 pairs, 1 tied in x, 1 tied in y, 4 concordant, 0 discordant
    ["ties on both sides (τ-b)", [1, 2, 2, 3], [1, 2, 3, 3], 4 / Math.sqrt(5 * 5)],
    ["a scoring that ties everything orders nothing", [1, 1, 1], [1, 2, 3], null],
    ["fewer than two items", [1], [2], null],
    ["nulls are left out", [1, null, 2, 3], [5, 9, 6, 7], 1],
  ])("%s", (_name, first, second, expected) => {
    const tau = kendallTauB(first, second);
    if (expected === null) expect(tau).toBeNull();
    else expect(tau).toBeCloseTo(expected, 10);
  });

  it("agrees with the textbook example (scipy.stats.kendalltau([12,2,1,12,2],[1,4,7,1,0]) = -0.4714…)", () => {
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 12);
  });

  it("refuses scorings of different lengths", () => {
    expect(() => kendallTauB([1, 2], [1])).toThrow(/2 scores against 1/);
  });
});
