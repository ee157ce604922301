import type { RunSummary, StrategyInfo } from "@/lib/api/contracts/run-schemas";
import { changedFromRun, type PlaygroundConfig } from "./playground-config";

/**
 * The newest stored run of this session that "Run" would repeat exactly — same strategy and settings, window,
 * reserve, estimator, summarizer and model, instructions, prompt edits, pricing, and the same manual compaction step
 * (a panel loaded from a manual run replays it there) — or null. A run still going, failed or interrupted is not a
 * result to point to; a comparison's run is (it is an ordinary stored run). `runs` is newest first, as listed.
 */
export function sameSettingsRun(options: { config: PlaygroundConfig; runs: readonly RunSummary[]; strategies: readonly StrategyInfo[] }): RunSummary | null {
  const { config, runs } = options;
  const compactAtStep = config.fromRun?.compactAtStep ?? null;
  const strategy = options.strategies.find((candidate) => candidate.id === config.strategy);
  return (
    runs.find(
      (run) =>
        (run.status === "done" || run.status === "degraded") &&
        run.strategyId === config.strategy &&
        run.options.compactAtStep === compactAtStep &&
        changedFromRun(config, run, strategy).length === 0,
    ) ?? null
  );
}
