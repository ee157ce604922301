import type { RecommendationCell, RecommendationPoint, RecommendationVerdict } from "../../api/contracts/recommend-schemas";
import { paretoFrontier } from "../pareto-frontier";
import { rankGroups } from "../rank-groups";

/** A setting before it is judged: its cells (one per session), where it sits, and its recall interval when known. */
export type PointInput = Omit<RecommendationPoint, "usd" | "tokens" | "worstRecall" | "meanRecall" | "meetsFloor" | "shortBy" | "rank" | "onFrontier" | "low" | "high"> & {
  low?: number | null;
  high?: number | null;
};

export interface RecommendationOutcome {
  points: RecommendationPoint[];
  /** worst recall against the cost ranked on (`verdict.costBasis`), by ascending cost */
  frontier: { configIndex: number; usd: number; worstRecall: number }[];
  recommended: RecommendationPoint | null;
  runnerUp: RecommendationPoint | null;
  bestReachable: RecommendationPoint | null;
  verdict: RecommendationVerdict | null;
}

export interface ChooseRecommendationOptions {
  points: readonly PointInput[];
  /** the absolute floor (a share) */
  floor: number;
  /** the relative floor in points below each session's uncompacted recall; given, it replaces `floor` */
  within?: number;
  /** what a cell's `tokens` are, for the note when they are ranked on: cache-weighted when every row had them */
  tokensBasis?: "cacheWeightedTokens" | "tokensSent";
}

/**
 * The choice. A setting counts once every one of its sessions has continuation recall and a cost (a failed session
 * leaves it out — it cannot be shown to meet the floor there). Its cost is the sum over the sessions — dollars with
 * prompt caching, or, when some counted setting has no dated price, tokens for every setting (cache-weighted when
 * the rows have them) and the verdict says why; its quality is the WORST recall over them, so "meets the floor"
 * holds on every session, not on average. The floor is absolute (`floor`) or relative (`within` points of each
 * session's uncompacted recall on the same exam).
 *
 * The recommendation is always a setting when one counts:
 * - the cheapest setting that meets the floor (ties: the better worst recall, then the earlier configuration), with
 *   the next one as runner-up;
 * - when none meets it, the best worst recall per unit of cost among the settings at least as good as their agent's
 *   default at the same window (the default itself among them), saying by how much the floor is missed;
 * - when no setting has a default to measure against, the highest worst recall reached (cheapest among equals).
 * `bestReachable` keeps naming the best worst recall whenever nothing meets the floor. Points carry their rank by
 * worst recall, tied where 95% intervals overlap. The frontier is worst recall against the cost ranked on.
 */
export function chooseRecommendation(options: ChooseRecommendationOptions): RecommendationOutcome {
  const judged = options.points.map((point) => judge(point, options));
  const complete = judged.filter((point) => point.worstRecall !== null && (point.usd !== null || point.tokens !== null));
  const priced = complete.every((point) => point.usd !== null);
  const costBasis: RecommendationVerdict["costBasis"] = priced ? "usd" : (options.tokensBasis ?? "tokensSent");
  const costOf = (point: Pick<RecommendationPoint, "usd" | "tokens">): number | null => (priced ? point.usd : point.tokens);
  const placed = complete.filter((point) => costOf(point) !== null);
  const pareto = paretoFrontier(placed.map((point) => ({ id: point.configIndex, retention: point.worstRecall, cost: costOf(point) })));
  const ranks = rankGroups(placed.map((point) => ({ id: point.configIndex, figure: point.worstRecall, low: point.low, high: point.high })));
  const points = judged.map((point) => ({ ...point, rank: ranks.get(point.configIndex) ?? null, onFrontier: pareto.frontier.has(point.configIndex) }));
  const byIndex = new Map(points.map((point) => [point.configIndex, point]));
  const counted = placed.map((point) => byIndex.get(point.configIndex)!);
  const cheapest = (a: RecommendationPoint, b: RecommendationPoint) => costOf(a)! - costOf(b)! || b.worstRecall! - a.worstRecall! || a.configIndex - b.configIndex;
  const meeting = counted.filter((point) => point.meetsFloor).sort(cheapest);
  const reachable = [...counted].sort((a, b) => b.worstRecall! - a.worstRecall! || costOf(a)! - costOf(b)! || a.configIndex - b.configIndex);
  const asGoodAsDefault = counted.filter((point) => {
    const fallback = defaultPointOf(point, counted);
    return fallback !== undefined && point.worstRecall! >= fallback.worstRecall!;
  });
  const value = (point: RecommendationPoint) => (costOf(point)! > 0 ? point.worstRecall! / costOf(point)! : Infinity);
  const bestValue = [...asGoodAsDefault].sort((a, b) => value(b) - value(a) || b.worstRecall! - a.worstRecall! || a.configIndex - b.configIndex);
  const rule: RecommendationVerdict["rule"] = meeting.length > 0 ? "cheapest-meeting-floor" : bestValue.length > 0 ? "best-value-vs-default" : "highest-reachable";
  const recommended = meeting[0] ?? bestValue[0] ?? reachable[0] ?? null;
  return {
    points,
    frontier: pareto.line.map((entry) => ({ configIndex: entry.id, usd: entry.cost, worstRecall: entry.retention })),
    recommended,
    runnerUp: meeting[1] ?? null,
    bestReachable: meeting.length === 0 ? (reachable[0] ?? null) : null,
    verdict: recommended
      ? verdictOf({
          recommended,
          rule,
          options,
          costBasis,
          priced: complete.filter((point) => point.usd !== null).length,
          total: complete.length,
          unpricedModels: [...new Set(complete.flatMap((point) => point.cells.map((cell) => cell.unpriced).filter((model): model is string => typeof model === "string")))].sort(),
        })
      : null,
  };
}

function judge(point: PointInput, options: ChooseRecommendationOptions): Omit<RecommendationPoint, "onFrontier" | "rank"> {
  const cells = point.cells;
  const scored = cells.length > 0 && cells.every((cell) => cell.recall !== null);
  const usd = scored && cells.every((cell) => cell.usd !== null) ? sum(cells.map((cell) => cell.usd!)) : null;
  const tokens = scored && cells.every((cell) => cell.tokens !== null) ? sum(cells.map((cell) => cell.tokens!)) : null;
  const recalls = cells.map((cell) => cell.recall ?? 0);
  const worstRecall = scored ? Math.min(...recalls) : null;
  const meanRecall = scored ? sum(recalls) / recalls.length : null;
  // below the floor on the worst session, in points (the relative floor is per session: each has its own ceiling)
  const shortfall = scored ? Math.max(0, ...cells.map((cell) => requiredRecall(cell, options) - cell.recall!)) : null;
  const shortBy = shortfall === null ? null : Math.round(shortfall * 1000) / 10;
  return { ...point, low: point.low ?? null, high: point.high ?? null, usd, tokens, worstRecall, meanRecall, meetsFloor: shortfall !== null && shortfall <= 1e-9, shortBy };
}

function requiredRecall(cell: RecommendationCell, options: ChooseRecommendationOptions): number {
  return options.within === undefined ? options.floor : (cell.uncompacted ?? 1) - options.within / 100;
}

function verdictOf(options: {
  recommended: RecommendationPoint;
  rule: RecommendationVerdict["rule"];
  options: ChooseRecommendationOptions;
  costBasis: RecommendationVerdict["costBasis"];
  priced: number;
  total: number;
  /** the models the runs were priced at that have no price (named in the note, with how to price them) */
  unpricedModels: readonly string[];
}): RecommendationVerdict {
  const { recommended, rule, costBasis } = options;
  const within = options.options.within;
  const floor: RecommendationVerdict["floor"] = within === undefined ? { kind: "absolute", value: options.options.floor } : { kind: "relative", within };
  const floorText = floor.kind === "absolute" ? `${(floor.value * 100).toFixed(1)}% continuation recall` : `continuation recall within ${floor.within} points of no compaction`;
  const unit = costBasis === "usd" ? "dollar" : costBasis === "cacheWeightedTokens" ? "cache-weighted token" : "token sent";
  const shortBy = recommended.shortBy ?? 0;
  const worst = `${((recommended.worstRecall ?? 0) * 100).toFixed(1)}%`;
  const summary =
    rule === "cheapest-meeting-floor"
      ? `${recommended.label} is the cheapest setting that keeps ${floorText} on every session (worst ${worst}).`
      : rule === "best-value-vs-default"
        ? `No setting keeps ${floorText} on every session. ${recommended.label} misses it by ${shortBy.toFixed(1)} points on its worst session (worst ${worst}); it is recommended as the best recall per ${unit} among the settings at least as good as their agent's default.`
        : `No setting keeps ${floorText} on every session, and none could be measured against its agent's default. ${recommended.label} reaches the highest worst-case recall, ${worst}, ${shortBy.toFixed(1)} points short.`;
  const costNote =
    costBasis === "usd"
      ? null
      : `${options.total - options.priced} of ${options.total} settings have no dated price${options.unpricedModels.length > 0 ? ` (${options.unpricedModels.join(", ")} is not in the price catalog)` : " for the priced model"}, so every setting is ranked on ${costBasis === "cacheWeightedTokens" ? "cache-weighted tokens (cache reads and writes at their usual rates relative to input)" : "tokens sent (no cache-weighted figure in these rows)"} instead of dollars. Price the sessions as a known model (Cost model, \`--cost-model\`) for dollars.`;
  return { rule, floorMet: rule === "cheapest-meeting-floor", floor, shortBy: rule === "cheapest-meeting-floor" ? 0 : shortBy, costBasis, costNote, summary };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The strategy's default setting at the point's window (the agent's own), if it was replayed. */
export function defaultPointOf(point: RecommendationPoint, points: readonly RecommendationPoint[]): RecommendationPoint | undefined {
  return points.find((other) => other.isDefault && other.strategy === point.strategy && other.window === point.window);
}

export type { RecommendationCell };
