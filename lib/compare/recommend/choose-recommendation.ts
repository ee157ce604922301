import type { RecommendationCell, RecommendationPoint } from "../../api/contracts/recommend-schemas";
import { paretoFrontier } from "../pareto-frontier";

/** A setting before it is judged: its cells (one per session) and where it sits. */
export type PointInput = Omit<RecommendationPoint, "usd" | "worstRecall" | "meanRecall" | "meetsFloor" | "onFrontier">;

export interface RecommendationOutcome {
  points: RecommendationPoint[];
  frontier: { configIndex: number; usd: number; worstRecall: number }[];
  recommended: RecommendationPoint | null;
  runnerUp: RecommendationPoint | null;
  bestReachable: RecommendationPoint | null;
}

/**
 * The choice: a setting counts once every one of its sessions has both dollars and continuation recall (a failed or
 * unpriced session leaves it out — it cannot be shown to meet the floor there). Its dollars are the sum over the
 * sessions, its quality the WORST recall over them, so "meets the floor" holds on every session, not on average.
 * The recommendation is the cheapest setting that meets the floor; ties go to the better worst recall, then to the
 * earlier configuration. The runner-up is the next one by the same order. When nothing meets the floor, there is no
 * recommendation and `bestReachable` is the setting with the best worst recall (cheapest among equals).
 * The frontier is worst recall against total dollars (lib/compare/pareto-frontier).
 */
export function chooseRecommendation(options: { points: readonly PointInput[]; floor: number }): RecommendationOutcome {
  const judged = options.points.map((point) => judge(point, options.floor));
  const placed = judged.filter((point) => point.usd !== null && point.worstRecall !== null);
  const pareto = paretoFrontier(placed.map((point) => ({ id: point.configIndex, retention: point.worstRecall, cost: point.usd })));
  const points = judged.map((point) => ({ ...point, onFrontier: pareto.frontier.has(point.configIndex) }));
  const byChoice = (a: RecommendationPoint, b: RecommendationPoint) => a.usd! - b.usd! || b.worstRecall! - a.worstRecall! || a.configIndex - b.configIndex;
  const meeting = points.filter((point) => point.meetsFloor).sort(byChoice);
  const reachable = points.filter((point) => point.usd !== null && point.worstRecall !== null).sort((a, b) => b.worstRecall! - a.worstRecall! || a.usd! - b.usd! || a.configIndex - b.configIndex);
  return {
    points,
    frontier: pareto.line.map((entry) => ({ configIndex: entry.id, usd: entry.cost, worstRecall: entry.retention })),
    recommended: meeting[0] ?? null,
    runnerUp: meeting[1] ?? null,
    bestReachable: meeting.length === 0 ? (reachable[0] ?? null) : null,
  };
}

function judge(point: PointInput, floor: number): Omit<RecommendationPoint, "onFrontier"> {
  const complete = point.cells.length > 0 && point.cells.every((cell) => cell.usd !== null && cell.recall !== null);
  const recalls = point.cells.map((cell) => cell.recall).filter((recall): recall is number => recall !== null);
  const usd = complete ? sum(point.cells.map((cell) => cell.usd!)) : null;
  const worstRecall = complete ? Math.min(...recalls) : null;
  const meanRecall = complete ? sum(recalls) / recalls.length : null;
  return { ...point, usd, worstRecall, meanRecall, meetsFloor: worstRecall !== null && worstRecall >= floor };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The strategy's default setting at the point's window (the agent's own), if it was replayed. */
export function defaultPointOf(point: RecommendationPoint, points: readonly RecommendationPoint[]): RecommendationPoint | undefined {
  return points.find((other) => other.isDefault && other.strategy === point.strategy && other.window === point.window);
}

export type { RecommendationCell };
