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
    cells: cells.map(([usd, recall], index) => ({ sessionId: `s${index}`, runId: `r${configIndex}-${index}`, status: "done", usd, tokens: usd === null ? null : usd * 1_000_000, recall, uncompacted: 1, compactions: 1, error: null })),
    ...extra,
  };
}

describe("chooseRecommendation", () => {
  it("a session whose model has no price: still ranks, on cache-weighted tokens, and names the model and how to price it", () => {
    // [cache-weighted tokens, recall] per session; the dollars are unknown (gpt-9 is not in the catalog)
    const unpriced = (configIndex: number, cells: [number, number][]) =>
      point(configIndex, cells.map(([, recall]) => [null, recall])).cells.map((cell, index) => ({ ...cell, tokens: cells[index][0], weightedTokens: cells[index][0], unpriced: "gpt-9" }));
    const outcome = chooseRecommendation({
      floor: 0.9,
      tokensBasis: "cacheWeightedTokens",
      points: [
        { ...point(0, []), cells: unpriced(0, [[100_000, 0.95], [120_000, 0.85]]) }, // fewest tokens, below the floor on one session
        { ...point(1, []), cells: unpriced(1, [[150_000, 0.93], [150_000, 0.92]]) },
        { ...point(2, []), cells: unpriced(2, [[200_000, 0.99], [210_000, 0.97]]) },
      ],
    });
    expect(outcome.verdict?.costBasis).toBe("cacheWeightedTokens");
    expect(outcome.verdict?.costNote).toMatch(/gpt-9 is not in the price catalog.*cache-weighted tokens.*--cost-model/);
    expect(outcome.recommended).toMatchObject({ configIndex: 1, usd: null, tokens: 300_000, worstRecall: 0.92 });
    expect(outcome.runnerUp?.configIndex).toBe(2);
    expect(outcome.frontier.map((entry) => [entry.configIndex, entry.usd])).toEqual([
      [0, 220_000],
      [1, 300_000],
      [2, 410_000],
    ]);
  });

  it("every session priced: ranked on dollars, no cost note", () => {
    const outcome = chooseRecommendation({ floor: 0.5, points: [point(0, [[1, 0.9], [2, 0.8]])] });
    expect([outcome.verdict?.costBasis, outcome.verdict?.costNote]).toEqual(["usd", null]);
    expect(outcome.frontier).toEqual([{ configIndex: 0, usd: 3, worstRecall: 0.8 }]);
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

  it("still recommends when nothing meets the floor: without defaults, the best worst-case recall reached, and by how much it misses", () => {
    const outcome = chooseRecommendation({
      floor: 0.95,
      points: [point(0, [[1, 0.8], [1, 0.9]]), point(1, [[3, 0.93], [3, 0.94]]), point(2, [[2, 0.93], [2, 0.99]])],
    });
    // 1 and 2 both reach 0.93 at worst: the cheaper one
    expect(outcome.recommended?.configIndex).toBe(2);
    expect(outcome.runnerUp).toBeNull();
    expect(outcome.bestReachable?.configIndex).toBe(2);
    expect(outcome.bestReachable?.worstRecall).toBe(0.93);
    expect(outcome.verdict).toMatchObject({ rule: "highest-reachable", floorMet: false, shortBy: 2, floor: { kind: "absolute", value: 0.95 }, costBasis: "usd", costNote: null });
    expect(outcome.verdict?.summary).toMatch(/No setting keeps 95\.0% continuation recall.*setting 2.*2\.0 points short/);
  });

  it("when nothing meets the floor, recommends the best recall per dollar among the settings at least as good as their agent's default", () => {
    const outcome = chooseRecommendation({
      floor: 0.95,
      points: [
        point(0, [[10, 0.8]], { isDefault: true, share: null }), // the agent's default: $10, 80%
        point(1, [[2, 0.7]]), // cheaper but worse than the default: not a candidate
        point(2, [[4, 0.82]]), // 0.205 per dollar
        point(3, [[8, 0.9]]), // 0.1125 per dollar, best recall
      ],
    });
    expect(outcome.recommended?.configIndex).toBe(2);
    expect(outcome.verdict).toMatchObject({ rule: "best-value-vs-default", floorMet: false, shortBy: 13 });
    expect(outcome.verdict?.summary).toMatch(/misses it by 13\.0 points/);
    expect(outcome.bestReachable?.configIndex).toBe(3);
  });

  it("measures a relative floor from each session's uncompacted recall", () => {
    const relative = (uncompacted: number, recall: number, usd: number, index: number) => {
      const entry = point(index, [[usd, recall]]);
      entry.cells[0].uncompacted = uncompacted;
      return entry;
    };
    const outcome = chooseRecommendation({ floor: 0.99, within: 5, points: [relative(0.97, 0.9, 1, 0), relative(0.97, 0.93, 2, 1), relative(0.97, 0.96, 3, 2)] });
    // 0.97 − 5 points = 0.92: the cheapest at or above it
    expect(outcome.recommended?.configIndex).toBe(1);
    expect(outcome.points.map((entry) => entry.meetsFloor)).toEqual([false, true, true]);
    expect(outcome.points[0].shortBy).toBe(2);
    expect(outcome.verdict).toMatchObject({ rule: "cheapest-meeting-floor", floorMet: true, floor: { kind: "relative", within: 5 } });
    expect(outcome.verdict?.summary).toMatch(/within 5 points of no compaction/);
  });

  it("ranks on tokens, and says why, when a setting has no dollars", () => {
    const outcome = chooseRecommendation({ floor: 0.5, tokensBasis: "cacheWeightedTokens", points: [point(0, [[null, 0.9]]), point(1, [[3, 0.8]]), point(2, [[1, 0.6]])] });
    // a setting with neither dollars nor tokens cannot be placed; the others still rank on dollars
    expect(outcome.points[0]).toMatchObject({ usd: null, tokens: null, onFrontier: false });
    expect(outcome.recommended?.configIndex).toBe(2);
    expect(outcome.verdict).toMatchObject({ costBasis: "usd" });
    const tokensOnly = chooseRecommendation({
      floor: 0.5,
      tokensBasis: "cacheWeightedTokens",
      points: [point(0, [[1, 0.9]]), point(1, [[3, 0.8]])].map((entry, index) => ({ ...entry, cells: entry.cells.map((cell) => ({ ...cell, usd: index === 0 ? null : cell.usd })) })),
    });
    expect(tokensOnly.recommended?.configIndex).toBe(0);
    expect(tokensOnly.verdict).toMatchObject({ costBasis: "cacheWeightedTokens" });
    expect(tokensOnly.verdict?.costNote).toMatch(/1 of 2 settings have no dated price.*cache-weighted tokens/);
  });

  it("ties settings whose worst-recall intervals overlap", () => {
    const outcome = chooseRecommendation({
      floor: 0.5,
      points: [point(0, [[1, 0.9]], { low: 0.85, high: 0.94 }), point(1, [[2, 0.88]], { low: 0.83, high: 0.92 }), point(2, [[3, 0.6]], { low: 0.55, high: 0.65 })],
    });
    expect(outcome.points.map((entry) => entry.rank?.label)).toEqual(["tied 1st", "tied 1st", "3rd"]);
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
