import type { ReplayResult } from "../engine/simulate/replay-result";
import type { RunCost } from "./price-replay";

/**
 * The result with each step carrying the cache model's verdict on its call (`step.cache`), as stored with a priced
 * run so its token chart can show per call whether the prefix was a hit or where it broke. The same result when
 * there is no cost; never mutates `result`.
 */
export function withCacheSteps<T extends Pick<ReplayResult, "steps">>(result: T, cost: RunCost | null): T {
  if (!cost || cost.calls.length !== result.steps.length) return result;
  return {
    ...result,
    steps: result.steps.map((step, index) => {
      const call = cost.calls[index];
      return { ...step, cache: { read: call.read, write: call.write, outcome: call.outcome } };
    }),
  };
}

/** The cost as stored and sent: without the per-call list (the steps carry it). */
export function costFigures(cost: RunCost | null): Omit<RunCost, "calls"> | null {
  if (!cost) return null;
  const { calls: _calls, ...figures } = cost;
  return figures;
}
