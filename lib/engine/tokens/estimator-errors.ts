import { contextTokensOf, type Session } from "../model";
import { createEstimator } from "./create-estimator";
import { ESTIMATOR_IDS, messageTokensWith, type EstimatorId } from "./estimator";

export interface EstimatorError {
  estimator: EstimatorId;
  /** recorded model calls compared */
  calls: number;
  /** mean of estimated / recorded over calls (1 = unbiased; < 1 underestimates) */
  meanRatio: number;
  /** mean absolute percentage error over calls, in percent */
  meanAbsolutePercentError: number;
}

/**
 * How far each estimator is from the usage a session recorded: at every model call with recorded usage,
 * the estimate of the context the source sent (everything since the last recorded summary, as `contextCurve`
 * counts it) against input + cache read + cache write. The calibrated estimator learns as it goes, as it
 * would in a replay (each call's estimate uses only earlier calls). Recorded usage also counts the system
 * prompt and tool schemas the transcript does not hold, so every uncalibrated estimator reads low on
 * small contexts. Returns an empty list when the session records no usage.
 */
export function estimatorErrors(session: Session, estimators: readonly EstimatorId[] = ESTIMATOR_IDS): EstimatorError[] {
  if (!session.messages.some((message) => message.usage)) return [];
  return estimators.map((id) => {
    const estimator = createEstimator(id);
    let running = 0;
    let calls = 0;
    let ratioSum = 0;
    let absoluteErrorSum = 0;
    let previousRole: string | null = null;
    for (const message of session.messages) {
      if (message.summary) running = 0;
      const startsCall = message.role === "assistant" && previousRole !== "assistant" && !message.summary;
      if (startsCall && message.usage) {
        const recorded = contextTokensOf(message.usage);
        if (recorded > 0) {
          const estimate = estimator.scale(running);
          calls++;
          ratioSum += estimate / recorded;
          absoluteErrorSum += Math.abs(estimate - recorded) / recorded;
          estimator.observe(running, recorded);
        }
      }
      running += messageTokensWith(estimator, message);
      previousRole = message.role;
    }
    return {
      estimator: id,
      calls,
      meanRatio: calls ? ratioSum / calls : Number.NaN,
      meanAbsolutePercentError: calls ? (100 * absoluteErrorSum) / calls : Number.NaN,
    };
  });
}
