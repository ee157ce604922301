import type { CostOptions, RunCostFigures } from "../api/contracts/cost-schemas";
import { sessionModel } from "../engine/cache/session-model";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { priceReplay } from "../llm/price-replay";
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
