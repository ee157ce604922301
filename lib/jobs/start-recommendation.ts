import { CompareOptionsSchema } from "../api/contracts/compare-schemas";
import type { RecommendRequest } from "../api/contracts/recommend-schemas";
import { recommendationConfigs } from "../compare/recommend/recommendation-configs";
import type { StoredRecommendation } from "../compare/recommend/stored-recommendation";
import { resolveWindow } from "../engine/simulate/resolve-window";
import { findModelContextWindow } from "../llm/model-context-windows";
import { loadSessionCached } from "../runs/session-cache";
import { startComparison } from "./run-comparison";

/**
 * Starts a recommendation (issue #27) as one stored comparison of kind `recommend`: per session, per strategy and
 * window, the strategy's default and one configuration per trigger share, each one job on the queue (pg-boss on
 * PostgreSQL, the embedded queue on SQLite) — so progress, cancel (POST /api/comparisons/:id/cancel) and resume
 * after a restart are the comparison machinery's. Runs replay with the extractive summarizer, priced at `costModel`
 * (default: each session's model) with its prompt cache.
 *
 * The windows: as asked; else the model's own when the lab knows it; else each session's recorded window (every
 * distinct one). Refusals come before anything is stored: an unknown session (404), an unknown strategy or one with
 * no trigger (400 `strategies.<i>`), too many runs (400 `shares`).
 */
export async function startRecommendation(request: RecommendRequest): Promise<{ id: string; skipped: string[] }> {
  const sessionIds = [...new Set(request.sessionIds)];
  const windows = request.windows ?? (await defaultWindows(sessionIds, request.costModel));
  const { configs, skipped } = recommendationConfigs({ strategies: request.strategies, windows, shares: request.shares, sessions: sessionIds.length });
  const compare = CompareOptionsSchema.parse({ ...(request.costModel ? { costModel: request.costModel } : {}), cacheProvider: request.cacheProvider, cacheTtl: request.cacheTtl, recordedRewrites: request.recordedRewrites });
  const stored: StoredRecommendation = { request: { ...request, sessionIds, windows }, skipped };
  const { comparisonId } = await startComparison({ sessionIds, configs, compare, kind: "recommend", recommend: stored });
  return { id: comparisonId, skipped };
}

async function defaultWindows(sessionIds: readonly string[], costModel: string | undefined): Promise<number[]> {
  const own = costModel ? findModelContextWindow(costModel) : undefined;
  if (own !== undefined) return [own];
  const windows = new Set<number>();
  for (const id of sessionIds) windows.add(resolveWindow(undefined, (await loadSessionCached(id)).meta.contextWindow));
  return [...windows].sort((a, b) => a - b);
}
