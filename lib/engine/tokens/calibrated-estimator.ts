import type { Estimator } from "./estimator";
import { estimatePartTokens } from "./chars4";

/** Seed 004's smoothing factor for the calibration EMA. */
export const CALIBRATION_ALPHA = 0.1;

/**
 * Seed 004's calibrated estimator: chars/4 scaled by an exponential moving average of recorded/estimated,
 * starting at 1 (plain chars/4) and updated with α = 0.1 each time the replay passes a recorded call.
 *
 * The ratio absorbs what the transcript does not show (system prompt, tool schemas, provider framing), which
 * is the point of calibrating. Observations with a zero estimate or zero recorded tokens are ignored, as in
 * the seed. The ratio only moves after a call is passed, so a step's estimate never peeks at its own usage.
 */
export function createCalibratedEstimator(options: { alpha?: number } = {}): Estimator & { readonly ratio: number } {
  const alpha = options.alpha ?? CALIBRATION_ALPHA;
  let ratio = 1;
  return {
    id: "calibrated",
    get ratio() {
      return ratio;
    },
    partTokens: estimatePartTokens,
    scale: (additiveTokens) => Math.round(additiveTokens * ratio),
    observe(additiveTokens, recordedTokens) {
      if (additiveTokens <= 0 || recordedTokens <= 0) return;
      ratio = alpha * (recordedTokens / additiveTokens) + (1 - alpha) * ratio;
    },
  };
}
