import type { RecommendationCell, RecommendationPoint } from "../../api/contracts/recommend-schemas";
import { paretoFrontier } from "../pareto-frontier";

/** A setting before it is judged: its cells (one per session) and where it sits. */
export type PointInput = Omit<RecommendationPoint, "usd" | "weightedTokens" | "worstRecall" | "meanRecall" | "meetsFloor" | "onFrontier">;

export interface RecommendationOutcome {
  points: RecommendationPoint[];
  frontier: { configIndex: number; usd: number | null; cost: number; worstRecall: number }[];
  recommended: RecommendationPoint | null;
  runnerUp: RecommendationPoint | null;
  bestReachable: RecommendationPoint | null;
  rankedBy: "usd" | "cacheWeightedTokens";
  missingPrice: { models: string[]; note: string } | null;
}

/**
 * The choice: a setting counts once every one of its sessions has both dollars and continuation recall (a failed or
 * unpriced session leaves it out — it cannot be shown to meet the floor there). Its dollars are the sum over the
 * sessions, its quality the WORST recall over them, so "meets the floor" holds on every session, not on average.
 * The recommendation is the cheapest setting that meets the floor; ties go to the better worst recall, then to the
 * earlier configuration. The runner-up is the next one by the same order. When nothing meets the floor, there is no
 * recommendation and `bestReachable` is the setting with the best worst recall (cheapest among equals).
 * The frontier is worst recall against total dollars (lib/compare/pareto-frontier).
 *
 * A missing price does not end the choice: when a session's model has no price (its cells carry cache-weighted
 * tokens but no dollars), every setting is ranked on cache-weighted input tokens instead (`rankedBy`), and
 * `missingPrice` names the models and says so.
 */
export function chooseRecommendation(options: { points: readonly PointInput[]; floor: number }): RecommendationOutcome {
  const missing = [...new Set(options.points.flatMap((point) => point.cells.map((cell) => (cell.usd === null && cell.recall !== null ? cell.unpriced : null)).filter((model): model is string => Boolean(model))))];
  const rankedBy = missing.length > 0 ? "cacheWeightedTokens" : "usd";
  const judged = options.points.map((point) => judge(point, options.floor, rankedBy));
  const costOf = (point: Omit<RecommendationPoint, "onFrontier">) => (rankedBy === "usd" ? point.usd : (point.weightedTokens ?? null));
  const placed = judged.filter((point) => costOf(point) !== null && point.worstRecall !== null);
  const pareto = paretoFrontier(placed.map((point) => ({ id: point.configIndex, retention: point.worstRecall, cost: costOf(point) })));
  const points = judged.map((point) => ({ ...point, onFrontier: pareto.frontier.has(point.configIndex) }));
  const byChoice = (a: RecommendationPoint, b: RecommendationPoint) => costOf(a)! - costOf(b)! || b.worstRecall! - a.worstRecall! || a.configIndex - b.configIndex;
  const meeting = points.filter((point) => point.meetsFloor).sort(byChoice);
  const reachable = points.filter((point) => costOf(point) !== null && point.worstRecall !== null).sort((a, b) => b.worstRecall! - a.worstRecall! || costOf(a)! - costOf(b)! || a.configIndex - b.configIndex);
  const usdOf = new Map(points.map((point) => [point.configIndex, point.usd]));
  return {
    rankedBy,
    missingPrice:
      missing.length > 0
        ? {
            models: missing,
            note: `No price for ${missing.join(", ")} in the price catalog: settings are ranked on cache-weighted input tokens (uncached ×1, cache writes and reads at the provider's relative prices) instead of dollars. Price the sessions as a known model (Cost model) for dollars.`,
          }
        : null,
    points,
    frontier: pareto.line.map((entry) => ({ configIndex: entry.id, usd: usdOf.get(entry.id) ?? null, cost: entry.cost, worstRecall: entry.retention })),
    recommended: meeting[0] ?? null,
    runnerUp: meeting[1] ?? null,
    bestReachable: meeting.length === 0 ? (reachable[0] ?? null) : null,
  };
}

function judge(point: PointInput, floor: number, rankedBy: RecommendationOutcome["rankedBy"]): Omit<RecommendationPoint, "onFrontier"> {
  const measured = (cell: RecommendationCell) => (rankedBy === "usd" ? cell.usd !== null : cell.weightedTokens != null);
  const complete = point.cells.length > 0 && point.cells.every((cell) => measured(cell) && cell.recall !== null);
  const recalls = point.cells.map((cell) => cell.recall).filter((recall): recall is number => recall !== null);
  const usd = complete && point.cells.every((cell) => cell.usd !== null) ? sum(point.cells.map((cell) => cell.usd!)) : null;
  const weighted = point.cells.length > 0 && point.cells.every((cell) => cell.weightedTokens != null) ? sum(point.cells.map((cell) => cell.weightedTokens!)) : null;
  const worstRecall = complete ? Math.min(...recalls) : null;
  const meanRecall = complete ? sum(recalls) / recalls.length : null;
  return { ...point, usd, weightedTokens: weighted, worstRecall, meanRecall, meetsFloor: worstRecall !== null && worstRecall >= floor };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The strategy's default setting at the point's window (the agent's own), if it was replayed. */
export function defaultPointOf(point: RecommendationPoint, points: readonly RecommendationPoint[]): RecommendationPoint | undefined {
  return points.find((other) => other.isDefault && other.strategy === point.strategy && other.window === point.window);
}

export type { RecommendationCell };
