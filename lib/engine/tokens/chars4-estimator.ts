import type { Estimator } from "./estimator";
import { CHARS4_TEXT_WEIGHTS, estimatePartTokens } from "./chars4";

/** The seeds' chars/4 heuristic (images at 1,200) as an {@link Estimator}. Stateless and cheap. */
export function createChars4Estimator(): Estimator {
  return {
    id: "chars4",
    partTokens: estimatePartTokens,
    textWeights: CHARS4_TEXT_WEIGHTS,
    scale: (additiveTokens) => additiveTokens,
    observe: () => {},
  };
}
