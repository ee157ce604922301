import { contextTokensOf, type Session } from "../model";
import { measureHiddenPrefix } from "../cache/hidden-prefix-tokens";
import { classifyMessages } from "../simulate/classify-messages";
import { SourceContext } from "../simulate/source-context";
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
  /** the hidden prefix counted in every estimate (the first recorded call's input minus the estimate of its messages) */
  hiddenPrefixTokens: number;
  /** the largest estimate − recorded over calls (0 when no estimate is above its call's recorded size) */
  maxOverTokens: number;
  /** the largest (estimate − recorded) ÷ recorded over calls (0 when none is above) */
  maxOverShare: number;
}

/**
 * How far each estimator is from the usage a session recorded: at every model call with recorded usage, the
 * estimate of the context the source sent — the hidden prefix (system prompt and tools, measureHiddenPrefix) plus
 * the messages since the last recorded compaction (its kept tail where the marker names one, as the replay's
 * SourceContext counts them) — against input + cache read + cache write. The calibrated estimator learns as it
 * goes, as it would in a replay (each call's estimate uses only earlier calls). What the transcript does not hold
 * after a recorded compaction (Claude Code's re-attached files, a Codex replacement history) reads low until the next
 * one. Returns an empty list when the session records no usage.
 */
export function estimatorErrors(session: Session, estimators: readonly EstimatorId[] = ESTIMATOR_IDS): EstimatorError[] {
  if (!session.messages.some((message) => message.usage)) return [];
  const kinds = classifyMessages(session);
  return estimators.map((id) => {
    const estimator = createEstimator(id);
    const prefix = measureHiddenPrefix(session, createEstimator(id));
    const source = new SourceContext(session);
    let calls = 0;
    let ratioSum = 0;
    let absoluteErrorSum = 0;
    let maxOver = 0;
    let maxOverShare = 0;
    session.messages.forEach((message, index) => {
      if (kinds[index] === "call" && message.usage) {
        const recorded = contextTokensOf(message.usage);
        if (recorded > 0) {
          const estimate = prefix + estimator.scale(source.tokens);
          calls++;
          ratioSum += estimate / recorded;
          absoluteErrorSum += Math.abs(estimate - recorded) / recorded;
          maxOver = Math.max(maxOver, estimate - recorded);
          maxOverShare = Math.max(maxOverShare, (estimate - recorded) / recorded);
          estimator.observe(source.tokens, recorded);
        }
      }
      source.add(index, message, messageTokensWith(estimator, message));
    });
    return {
      estimator: id,
      calls,
      meanRatio: calls ? ratioSum / calls : Number.NaN,
      meanAbsolutePercentError: calls ? (100 * absoluteErrorSum) / calls : Number.NaN,
      hiddenPrefixTokens: prefix,
      maxOverTokens: maxOver,
      maxOverShare,
    };
  });
}
