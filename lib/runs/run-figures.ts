import { compactionApplied } from "../engine/simulate/replay-events";
import type { ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { peakContextTokens } from "../engine/simulate/peak-context-tokens";
import { replaySession } from "../engine/simulate/replay-session";
import { noneStrategy } from "../engine/strategies/none";
import type { EstimatorChoice } from "../engine/tokens/create-estimator";
import { estimateCost } from "../llm/model-prices";
import type { RunCostFigures } from "../api/contracts/cost-schemas";
import type { RunFigures } from "../store/runs";
import { scoreRunRecall } from "./score-run-recall";

/**
 * A finished run's figures:
 * - `tokensBefore`: the peak context of the session with no compaction (`peakContextTokens` of a `none` replay by
 *   the run's estimator: linear, no summarizer; its context after the last message) — what the strategy is compared
 *   against, and the figure the preview shows as "before" where nothing was compacted yet. `estimator` must be what
 *   the run replayed with (the same count-tokens factory, so the baseline reads the same counts and calls nothing);
 * - `tokensAfter`: the run's peak context (`peakContextTokens`: its model calls and after its last message);
 * - `compactions`: context rewrites that happened as planned: a compaction whose summary was applied, or a trim
 *   (a compaction that failed and fell back is not one);
 * - `prunes`, `fallbacks`: prune and fallback events (a fallback: a compaction whose summary failed or was rejected);
 * - `summarizerFailures`: summarizer calls that failed (the run's circuit breaker counts them; a compaction the
 *   open breaker did not attempt is a fallback, not a failure);
 * - `summarizerUsage`: billed tokens summed over the compactions (null for the extractive summarizer, whose
 *   "usage" is only an estimate); `estimatedCostUsd` from the dated price table (null when unknown);
 * - `continuationRecall`: `scoreContinuationRecall` of the run on the exam of its own window (`scoreRunRecall`:
 *   the checkpoints a comparison at that window would use, so a single run's figure is comparable to its rows).
 * - `cost`: the run's dollars with and without the prompt cache (lib/llm/price-replay.ts), as the caller priced them.
 */
export async function computeRunFigures(options: {
  session: Session;
  result: ReplayResult;
  /** what the run replayed with (an id, or the factory resolveReplayEstimator returned) */
  estimator: EstimatorChoice;
  /** the billed model, null for the extractive summarizer */
  model: string | null;
  /** failed summarizer calls (the run's circuit breaker state) */
  summarizerFailures: number;
  /** `extractContinuationFacts(session)` when the caller has it */
  continuationFacts?: ContinuationFacts;
  cost?: RunCostFigures | null;
}): Promise<RunFigures> {
  const { session, result } = options;
  const baseline = await replaySession({ session, strategy: noneStrategy, window: result.window, outputReserve: result.outputReserve, estimator: options.estimator });
  let compactions = 0;
  let prunes = 0;
  let fallbacks = 0;
  const usage = { input: 0, output: 0 };
  for (const event of result.events) {
    if ((event.type === "compaction-end" && compactionApplied(event)) || event.type === "trim") compactions++;
    if (event.type === "prune") prunes++;
    if (event.type === "fallback") fallbacks++;
    if (event.type === "compaction-end" && event.summarizerUsage) {
      usage.input += event.summarizerUsage.input;
      usage.output += event.summarizerUsage.output;
    }
  }
  const summarizerUsage = options.model === null ? null : usage;
  return {
    tokensBefore: peakContextTokens(baseline),
    tokensAfter: peakContextTokens(result),
    compactions,
    prunes,
    fallbacks,
    summarizerFailures: options.summarizerFailures,
    summarizerUsage,
    estimatedCostUsd: options.model === null ? null : estimateCost({ model: options.model, inputTokens: usage.input, outputTokens: usage.output }),
    continuationRecall: await scoreRunRecall({ session, result, baseline, facts: options.continuationFacts }),
    cost: options.cost ?? null,
  };
}
