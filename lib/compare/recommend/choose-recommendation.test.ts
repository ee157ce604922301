import { describe, expect, it } from "vitest";
import { chooseRecommendation, defaultPointOf, type PointInput } from "./choose-recommendation";

/** A setting over two sessions: [usd, recall] per session (null = not finished or no figure). */
function point(configIndex: number, cells: [number | null, number | null][], extra: Partial<PointInput> = {}): PointInput {
  return {
    configIndex,
    label: `setting ${configIndex}`,
    strategy: "pi",
    window: 200_000,
    share: 0.1 * (configIndex + 1),
    effectiveShare: 0.1 * (configIndex + 1),
    isDefault: false,
    settings: {},
    cells: cells.map(([usd, recall], index) => ({ sessionId: `s${index}`, runId: `r${configIndex}-${index}`, status: "done", usd, recall, compactions: 1, error: null })),
    ...extra,
  };
}

describe("chooseRecommendation", () => {
  it("a session whose model has no price: still ranks, on cache-weighted tokens, and names the model", () => {
    // [weighted tokens, recall] per session; the dollars are unknown (gpt-9 is not in the catalog)
    const unpriced = (configIndex: number, cells: [number, number][]) =>
      point(configIndex, cells.map(([, recall]) => [null, recall]), {}).cells.map((cell, index) => ({ ...cell, weightedTokens: cells[index][0], unpriced: "gpt-9" }));
    const outcome = chooseRecommendation({
      floor: 0.9,
      points: [
        { ...point(0, []), cells: unpriced(0, [[100_000, 0.95], [120_000, 0.85]]) }, // fewest tokens, below the floor on one session
        { ...point(1, []), cells: unpriced(1, [[150_000, 0.93], [150_000, 0.92]]) },
        { ...point(2, []), cells: unpriced(2, [[200_000, 0.99], [210_000, 0.97]]) },
      ],
    });
    expect(outcome.rankedBy).toBe("cacheWeightedTokens");
    expect(outcome.missingPrice?.models).toEqual(["gpt-9"]);
    expect(outcome.missingPrice?.note).toMatch(/No price for gpt-9.*cache-weighted input tokens/);
    expect(outcome.recommended).toMatchObject({ configIndex: 1, usd: null, weightedTokens: 300_000, worstRecall: 0.92 });
    expect(outcome.runnerUp?.configIndex).toBe(2);
    expect(outcome.frontier.map((entry) => [entry.configIndex, entry.cost, entry.usd])).toEqual([
      [0, 220_000, null],
      [1, 300_000, null],
      [2, 410_000, null],
    ]);
  });

  it("every session priced: ranked on dollars, no missing-price note", () => {
    const outcome = chooseRecommendation({ floor: 0.5, points: [point(0, [[1, 0.9], [2, 0.8]])] });
    expect([outcome.rankedBy, outcome.missingPrice]).toEqual(["usd", null]);
    expect(outcome.frontier).toEqual([{ configIndex: 0, usd: 3, cost: 3, worstRecall: 0.8 }]);
  });

  it("recommends the cheapest setting that meets the floor on EVERY session, not on average", () => {
    const outcome = chooseRecommendation({
      floor: 0.9,
      points: [
        point(0, [[1, 0.99], [1, 0.85]]), // cheapest, mean 0.92 ≥ floor, but one session below it
        point(1, [[2, 0.95], [2, 0.91]]), // $4, meets it everywhere
        point(2, [[3, 0.97], [3, 0.96]]), // $6, meets it everywhere
        point(3, [[5, 1], [5, 1]]),
      ],
    });
    expect(outcome.recommended?.configIndex).toBe(1);
    expect(outcome.recommended?.usd).toBe(4);
    expect(outcome.recommended?.worstRecall).toBe(0.91);
    expect(outcome.runnerUp?.configIndex).toBe(2);
    expect(outcome.bestReachable).toBeNull();
    const cheapest = outcome.points.find((entry) => entry.configIndex === 0)!;
    expect(cheapest).toMatchObject({ meetsFloor: false, worstRecall: 0.85 });
    expect(cheapest.meanRecall).toBeCloseTo(0.92, 10);
  });

  it("breaks a tie in dollars by the better worst recall", () => {
    const outcome = chooseRecommendation({ floor: 0.9, points: [point(0, [[2, 0.92]]), point(1, [[2, 0.97]])] });
    expect(outcome.recommended?.configIndex).toBe(1);
    expect(outcome.runnerUp?.configIndex).toBe(0);
  });

  it("says when nothing meets the floor, and names the best worst-case recall reached", () => {
    const outcome = chooseRecommendation({
      floor: 0.95,
      points: [point(0, [[1, 0.8], [1, 0.9]]), point(1, [[3, 0.93], [3, 0.94]]), point(2, [[2, 0.93], [2, 0.99]])],
    });
    expect(outcome.recommended).toBeNull();
    expect(outcome.runnerUp).toBeNull();
    // 1 and 2 both reach 0.93 at worst: the cheaper one
    expect(outcome.bestReachable?.configIndex).toBe(2);
    expect(outcome.bestReachable?.worstRecall).toBe(0.93);
  });

  it("leaves out a setting with a session still running or unpriced: it cannot be shown to meet the floor", () => {
    const outcome = chooseRecommendation({ floor: 0.5, points: [point(0, [[1, 1], [null, null]]), point(1, [[1, 1], [1, null]]), point(2, [[4, 1], [4, 1]])] });
    expect(outcome.recommended?.configIndex).toBe(2);
    expect(outcome.runnerUp).toBeNull();
    expect(outcome.points[0]).toMatchObject({ usd: null, worstRecall: null, meetsFloor: false, onFrontier: false });
  });

  it("draws the frontier of worst recall against dollars", () => {
    const outcome = chooseRecommendation({ floor: 0.9, points: [point(0, [[1, 0.7]]), point(1, [[2, 0.6]]), point(2, [[3, 0.95]])] });
    expect(outcome.frontier.map((entry) => entry.configIndex)).toEqual([0, 2]);
    expect(outcome.points.map((entry) => entry.onFrontier)).toEqual([true, false, true]);
  });

  it("finds the strategy's default at the same window", () => {
    const outcome = chooseRecommendation({
      floor: 0,
      points: [point(0, [[9, 1]], { isDefault: true, share: null }), point(1, [[1, 1]]), point(2, [[9, 1]], { isDefault: true, share: null, window: 1_000_000 })],
    });
    expect(defaultPointOf(outcome.recommended!, outcome.points)?.configIndex).toBe(0);
  });
});
