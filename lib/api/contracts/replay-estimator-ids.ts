/**
 * The estimators a replay can be asked for: the engine's offline ones and `count-tokens` (exact counts from
 * Anthropic's count_tokens endpoint, fetched before the replay; see lib/runs/resolve-estimator.ts). A plain list
 * beside the zod enum built from it (run-schemas.ts `EstimatorIdSchema`), so the CLI can check a flag without
 * building every run schema at start-up.
 */
export const REPLAY_ESTIMATOR_IDS = ["chars4", "calibrated", "bpe", "count-tokens"] as const;
export type ReplayEstimatorId = (typeof REPLAY_ESTIMATOR_IDS)[number];

export function isReplayEstimatorId(value: string): value is ReplayEstimatorId {
  return (REPLAY_ESTIMATOR_IDS as readonly string[]).includes(value);
}
