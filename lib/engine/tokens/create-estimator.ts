import { createBpeEstimator } from "./bpe-estimator";
import { createCalibratedEstimator } from "./calibrated-estimator";
import { createChars4Estimator } from "./chars4-estimator";
import type { Estimator, EstimatorId } from "./estimator";

/** A fresh estimator (estimators keep per-replay state: the calibrated ratio, the BPE cache). */
export function createEstimator(id: EstimatorId): Estimator {
  switch (id) {
    case "chars4":
      return createChars4Estimator();
    case "calibrated":
      return createCalibratedEstimator();
    case "bpe":
      return createBpeEstimator();
  }
}
