import { BadRequestError } from "../../api/contracts/errors";
import { findStrategy } from "../../engine/strategies";
import { MAX_RECOMMENDATION_RUNS } from "../../api/contracts/recommend-schemas";
import type { ComparisonConfigInput } from "../plan-comparison";
import { triggerShareRule } from "./trigger-share";
import { windowLabel } from "./window-label";

/** A recommendation's configuration: a comparison configuration with its own window, and the cell it fills. */
export type RecommendationConfig = ComparisonConfigInput & { window: number; cell: { x: number | "default"; y: number } };

/** "35%", "12.5%" */
export function shareLabel(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/**
 * The configurations a recommendation replays, strategy by strategy, window by window: first the strategy's own
 * default (the agent's setting the recommendation is measured against), then one per trigger share, each labelled
 * `<strategy> @ <share> · <window>` and carrying its cell (x: the share or "default", y: the window). A share a
 * strategy cannot compact at with that window (Claude Code past window − its output reserve) is left out and named
 * in `skipped`. Throws a BadRequestError naming `strategies.<i>` for an unknown strategy or one with no trigger to sweep, and
 * `shares` when the whole exceeds {@link MAX_RECOMMENDATION_RUNS} runs over `sessions` sessions.
 */
export function recommendationConfigs(options: { strategies: readonly string[]; windows: readonly number[]; shares: readonly number[]; sessions: number }): {
  configs: RecommendationConfig[];
  skipped: string[];
} {
  const shares = [...new Set(options.shares)].sort((a, b) => a - b);
  const configs: RecommendationConfig[] = [];
  const skipped: string[] = [];
  options.strategies.forEach((strategy, index) => {
    if (!findStrategy(strategy)) throw new BadRequestError("unknown_strategy", `Unknown strategy ${JSON.stringify(strategy)}.`, `strategies.${index}`);
    const rule = triggerShareRule(strategy);
    if (!rule) throw new BadRequestError("invalid_strategy", `Strategy ${JSON.stringify(strategy)} has no compaction trigger to sweep as a share of the window.`, `strategies.${index}`);
    for (const window of options.windows) {
      configs.push({ strategy, settings: {}, window, label: `${strategy} default (${shareLabel(rule.defaultShare(window))}) · ${windowLabel(window)}`, cell: { x: "default", y: window } });
      for (const share of shares) {
        const label = `${strategy} @ ${shareLabel(share)} · ${windowLabel(window)}`;
        const settings = rule.settingsAt(share, window);
        if (settings === null) skipped.push(`${label}: ${strategy} cannot compact that late in a ${windowLabel(window)} window`);
        else configs.push({ strategy, settings, window, label, cell: { x: share, y: window } });
      }
    }
  });
  const runs = configs.length * options.sessions;
  if (runs > MAX_RECOMMENDATION_RUNS) {
    throw new BadRequestError(
      "too_many_runs",
      `${configs.length} settings × ${options.sessions} session${options.sessions === 1 ? "" : "s"} = ${runs} replays; a recommendation runs at most ${MAX_RECOMMENDATION_RUNS}. Choose fewer shares, windows, strategies or sessions.`,
      "shares",
    );
  }
  return { configs, skipped };
}
