"use client";

import { useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { allStrategiesAtDefaults, type DraftConfig } from "@/lib/client/compare-configs";
import type { StrategyInfo } from "@/lib/api/contracts/run-schemas";

/**
 * `?preset=all` (the home page's "compare every strategy on a demo"): once the strategies are listed, an empty
 * builder is filled with every strategy at its defaults, as the "All strategies at defaults" button does. Drafts
 * the user already has (remembered, or restored from a stored comparison) are left alone.
 */
export function usePresetDrafts(options: { strategies: readonly StrategyInfo[] | undefined; drafts: readonly DraftConfig[]; setDrafts: (drafts: DraftConfig[]) => void }): void {
  const searchParams = useSearchParams();
  const preset = searchParams.get("preset");
  // a stored comparison being followed (?comparison=) brings its own configurations
  const restoring = searchParams.get("comparison") !== null;
  const { strategies, drafts, setDrafts } = options;
  useEffect(() => {
    if (preset !== "all" || !strategies || drafts.length > 0 || restoring) return;
    let counter = 0;
    setDrafts(allStrategiesAtDefaults(strategies, () => `preset-${counter++}`));
  }, [preset, strategies, drafts.length, setDrafts, restoring]);
}
