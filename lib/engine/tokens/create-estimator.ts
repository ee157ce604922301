import { createBpeEstimator } from "./bpe-estimator";
import { createCalibratedEstimator } from "./calibrated-estimator";
import { createChars4Estimator } from "./chars4-estimator";
import type { Estimator, EstimatorId } from "./estimator";

/**
 * What a replay is told to estimate with: a built-in estimator by id, or a factory for one made outside the
 * engine (lib/llm's count_tokens estimator, whose counts were fetched beforehand). A factory, not an instance,
 * because estimators keep per-replay state: it must return a fresh estimator on every call, since one replay
 * (and, say, its `none` baseline) each take their own.
 */
export type EstimatorChoice = EstimatorId | (() => Estimator);

/** A fresh estimator (estimators keep per-replay state: the calibrated ratio, the BPE cache). */
export function createEstimator(choice: EstimatorChoice): Estimator {
  if (typeof choice === "function") return choice();
  switch (choice) {
    case "chars4":
      return createChars4Estimator();
    case "calibrated":
      return createCalibratedEstimator();
    case "bpe":
      return createBpeEstimator();
  }
}
