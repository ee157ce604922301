import { NotFoundError } from "../../api/contracts/errors";
import type { RecommendationCell, RecommendationChoice, RecommendationPoint, RecommendationView } from "../../api/contracts/recommend-schemas";
import { getComparison } from "../../store/comparisons";
import { readRunState } from "../../store/run-jobs";
import type { StoredCompareRow } from "../replay-config";
import { thresholdSnippets } from "../settings-snippets/threshold-snippets";
import { chooseRecommendation, defaultPointOf, type PointInput } from "./choose-recommendation";
import { StoredRecommendationSchema } from "./stored-recommendation";
import { triggerShareRule } from "./trigger-share";
import { bootstrapRecall, type CheckpointCounts } from "../../engine/evaluate/bootstrap-recall";

const ENDED = new Set(["done", "degraded", "failed", "cancelled", "interrupted"]);

/**
 * A recommendation as its page and `lab recommend` show it, read from the stored comparison and its runs' rows:
 * every setting's dollars (with prompt caching) and continuation recall per session (with the 95% interval of its
 * worst recall, over each session's checkpoints), the frontier, and — once every run has ended — the verdict: the
 * recommended setting (a setting whenever one has figures on every session, see `chooseRecommendation`), the
 * runner-up and their snippets, and the best reachable recall when nothing meets the floor. Throws `not_found:comparison` for an id that is not a recommendation.
 */
export async function readRecommendation(id: string): Promise<RecommendationView> {
  const comparison = await getComparison(id);
  const stored = comparison.kind === "recommend" ? StoredRecommendationSchema.safeParse(comparison.recommend) : null;
  if (!stored?.success) throw new NotFoundError("comparison", id, `No recommendation with id ${JSON.stringify(id)}.`);
  const { request, skipped } = stored.data;
  const states = await readRunState(comparison.runs.map((run) => run.id));
  // checkpoints of each setting's sessions, for the interval of its worst recall
  const checkpointsByConfig = new Map<number, CheckpointCounts[][]>();
  let cacheWeighted = true;
  const inputs: PointInput[] = [...comparison.configs]
    .sort((a, b) => a.index - b.index)
    .map((config) => {
      const window = typeof config.cell?.y === "number" ? config.cell.y : null;
      const share = typeof config.cell?.x === "number" ? config.cell.x : null;
      const rule = config.strategy ? triggerShareRule(config.strategy) : undefined;
      const cells: RecommendationCell[] = comparison.runs
        .filter((run) => run.configIndex === config.index)
        .map((run) => {
          const state = states.get(run.id);
          const stored = (state?.row ?? {}) as StoredCompareRow;
          const finished = state !== undefined && (state.status === "done" || state.status === "degraded") && stored.row !== undefined;
          const recall = finished ? stored.row!.continuationRecall : undefined;
          if (recall?.checkpoints) checkpointsByConfig.set(config.index, [...(checkpointsByConfig.get(config.index) ?? []), recall.checkpoints.map((point) => point.byKind)]);
          // the catalog's cache-weighted tokens where the row has them (rows before it: tokens sent)
          const weighted = finished ? (stored.row!.cost as { cacheWeightedTokens?: unknown } | null | undefined)?.cacheWeightedTokens : undefined;
          if (finished && typeof weighted !== "number") cacheWeighted = false;
          return {
            sessionId: run.sessionId,
            runId: run.id,
            status: state?.status ?? "deleted",
            usd: finished ? (stored.row!.cost?.totalUsd ?? null) : null,
            tokens: finished ? (typeof weighted === "number" ? weighted : stored.row!.totalTokensSent) : null,
            recall: recall?.overall ?? null,
            uncompacted: recall?.uncompacted ?? null,
            compactions: finished ? stored.row!.compactions : null,
            error: stored.error?.message ?? state?.error ?? null,
            weightedTokens: finished ? (stored.row!.cost?.cacheWeightedTokens ?? null) : null,
            unpriced: finished ? (stored.row!.cost?.unpriced?.model ?? null) : null,
          };
        });
      return {
        configIndex: config.index,
        label: config.label,
        strategy: config.strategy ?? "",
        window,
        share,
        effectiveShare: share ?? (rule && window ? rule.defaultShare(window) : null),
        isDefault: config.cell?.x === "default",
        settings: config.overrides ?? {},
        cells,
      };
    });
  const runs = comparison.runs.map((run) => states.get(run.id)?.status ?? "deleted");
  const ended = runs.filter((status) => ENDED.has(status) || status === "deleted").length;
  const failed = runs.filter((status) => status === "failed" || status === "interrupted" || status === "deleted").length;
  const cancelled = runs.some((status) => status === "cancelled");
  const complete = ended === runs.length;
  for (const input of inputs) {
    const sessions = checkpointsByConfig.get(input.configIndex);
    // the interval of the worst recall: every session's checkpoints resampled, the lowest session taken
    if (sessions && sessions.length === input.cells.length) Object.assign(input, bootstrapRecall({ sessions, combine: "worst" }));
  }
  const outcome = chooseRecommendation({ points: inputs, floor: request.floor, within: request.within, tokensBasis: cacheWeighted ? "cacheWeightedTokens" : "tokensSent" });
  const choice = (point: RecommendationPoint | null): RecommendationChoice | null => (point && complete ? choiceOf(point, outcome.points) : null);
  return {
    id: comparison.id,
    request,
    createdAt: comparison.createdAt.toISOString(),
    state: !complete ? "running" : cancelled ? "cancelled" : "done",
    runs: { total: runs.length, ended, failed },
    points: outcome.points,
    frontier: outcome.frontier,
    recommended: choice(outcome.recommended),
    runnerUp: choice(outcome.runnerUp),
    verdict: complete ? outcome.verdict : null,
    bestReachable:
      complete && outcome.bestReachable
        ? { configIndex: outcome.bestReachable.configIndex, label: outcome.bestReachable.label, worstRecall: outcome.bestReachable.worstRecall!, usd: outcome.bestReachable.usd }
        : null,
    skipped,
  };
}

function choiceOf(point: RecommendationPoint, points: readonly RecommendationPoint[]): RecommendationChoice {
  const fallback = defaultPointOf(point, points);
  const share = point.effectiveShare;
  return {
    point,
    againstDefault: fallback
      ? { label: fallback.label, usd: fallback.usd, worstRecall: fallback.worstRecall, usdDelta: fallback.usd !== null && point.usd !== null ? point.usd - fallback.usd : null }
      : null,
    // a default past the window (Vibe's 200,000 in a smaller one) never compacts: no share to write
    snippets: share !== null && share > 0 && share < 1 && point.window !== null ? thresholdSnippets({ share, window: point.window }) : [],
  };
}
