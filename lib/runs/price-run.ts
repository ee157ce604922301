import type { CostOptions, RunCostFigures } from "../api/contracts/cost-schemas";
import { sessionModel } from "../engine/cache/session-model";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { sessionCacheOf, type SessionCache } from "../engine/cache/session-cache-rules";
import { priceReplay, runCacheOf } from "../llm/price-replay";
import { costFigures, withCacheSteps } from "../llm/with-cache-steps";

/**
 * A finished replay priced as its run asked (`costModel`, else the session's model; the cache provider and TTL):
 * the cost figures to store, and the result with each step's cache verdict for its token chart. A model without a
 * known price gives `cost: null` and the result unchanged.
 */
export function priceRun<T extends ReplayResult>(options: {
  session: Session;
  result: T;
  cost: Partial<CostOptions>;
  /** the summarizer's billed model; null for the extractive summarizer */
  summarizerModel: string | null;
}): { cost: RunCostFigures | null; result: T } {
  const priced = priceReplay({
    session: options.session,
    result: options.result,
    model: options.cost.costModel ?? sessionModel(options.session),
    provider: options.cost.cacheProvider ?? "auto",
    ttl: options.cost.cacheTtl,
    recordedRewrites: options.cost.recordedRewrites ?? true,
    summarizerModel: options.summarizerModel,
  });
  return { cost: costFigures(priced), result: withCacheSteps(options.result, priced) };
}

/**
 * The prompt cache a run's strategy plans for (ReplayOptions.sessionCache): the one its dollars are priced under
 * ({@link priceRun}: `costModel`, else the session's model; the cache provider and TTL asked for), so a cache-aware
 * strategy (keeper) weighs the same reads, writes and lifetime the run is then charged. A run that names none of
 * them plans for the session's own cache, as priced; one with nothing to price (no model, or a model with neither a
 * price nor a known provider) too.
 */
export function runSessionCache(session: Session, cost: Partial<CostOptions>): SessionCache {
  const model = cost.costModel ?? sessionModel(session);
  const run = model ? runCacheOf({ session, model, provider: cost.cacheProvider ?? "auto", ttl: cost.cacheTtl }) : null;
  return run ? { rules: run.rules, ttl: run.ttl } : sessionCacheOf(session);
}
