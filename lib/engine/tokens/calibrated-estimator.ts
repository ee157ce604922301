import type { Estimator } from "./estimator";
import { CHARS4_TEXT_WEIGHTS, estimatePartTokens } from "./chars4";

/** Seed 004's smoothing factor for the calibration EMA. */
export const CALIBRATION_ALPHA = 0.1;

/**
 * Seed 004's calibrated estimator: chars/4 scaled by an exponential moving average (α = 0.1, starting at 1) of
 * recorded ÷ estimated, updated each time the replay passes a recorded call — measured on the *messages*: recorded
 * is read as an offset plus ratio × estimate, and each call's sample is (recorded − offset) ÷ estimate. The offset
 * is set where the source's context starts: at the first recorded call (recorded − estimate: the agent's hidden
 * prefix, which the replay counts apart, see measureHiddenPrefix), and again where the estimate the replay feeds
 * falls (a compaction the transcript recorded) or the recorded size falls (one it did not show: Claude Code
 * clearing old tool results) — there, recorded − ratio × estimate, with no sample.
 *
 * Why not seed 004's whole ratio: the recorded size holds what the transcript never shows — the agent's system
 * prompt and tools (26–42K tokens on the shared Claude Code sessions), the files Claude Code re-attaches after a
 * compaction, the replacement history of a Codex `compacted` line. As a share of a small first context that fixed
 * part made the ratio run away: 42,454 recorded against an estimate of 53 at the first call moved it from 1 to 81 in
 * one observation, and a Claude Code replay then compacted at calls 1–8 with contexts of 170K–633K. A ratio of
 * growth alone (tried first) overshoots the other way: a run of calls whose recorded size grows faster than their
 * text (unstored reasoning) pushed it to 1.8 on the pi session, 43K over.
 *
 * Ignored, as in the seed: observations with a zero estimate or zero recorded tokens, and a sample whose messages
 * would come to nothing. The ratio only moves after a call is passed, so a step's estimate never peeks at its own usage.
 */
export function createCalibratedEstimator(options: { alpha?: number } = {}): Estimator & { readonly ratio: number } {
  const alpha = options.alpha ?? CALIBRATION_ALPHA;
  let ratio = 1;
  let offset: number | null = null;
  let lastAdditive = 0;
  let lastRecorded = 0;
  return {
    id: "calibrated",
    get ratio() {
      return ratio;
    },
    partTokens: estimatePartTokens,
    textWeights: CHARS4_TEXT_WEIGHTS,
    scale: (additiveTokens) => Math.round(additiveTokens * ratio),
    observe(additiveTokens, recordedTokens) {
      if (additiveTokens <= 0 || recordedTokens <= 0) return;
      const restarted = offset === null || additiveTokens < lastAdditive || recordedTokens < lastRecorded;
      lastAdditive = additiveTokens;
      lastRecorded = recordedTokens;
      if (restarted || offset === null) {
        offset = recordedTokens - ratio * additiveTokens;
        return;
      }
      const messages = recordedTokens - offset;
      if (messages <= 0) return;
      ratio = alpha * (messages / additiveTokens) + (1 - alpha) * ratio;
    },
  };
}
