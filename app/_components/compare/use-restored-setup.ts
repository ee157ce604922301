"use client";

import { useEffect } from "react";
import type { CompareSetup } from "@/lib/api/contracts/compare-schemas";
import type { StrategyInfo } from "@/lib/api/contracts/run-schemas";
import { draftsFromConfigs, type DraftConfig } from "@/lib/client/compare-configs";
import { compareOptionsDraftOf, type CompareOptionsDraft } from "./compare-options-form";

/**
 * A page that follows a stored comparison again (a reload, a shared `?comparison=` link) starts with an empty
 * builder: once the stream's `started` line brings what the comparison was asked, the builder shows its
 * configurations and the form its options (never a key: none is stored), so the page reads as the comparison it
 * shows and "Run" can re-run it. A builder the user already filled is left alone.
 */
export function useRestoredSetup(options: {
  setup: CompareSetup | null | undefined;
  strategies: readonly StrategyInfo[] | undefined;
  drafts: readonly DraftConfig[];
  setDrafts: (drafts: DraftConfig[]) => void;
  setOptions: (options: CompareOptionsDraft) => void;
  /** the multi-session page also gets back which sessions it compared */
  setSessionIds?: (ids: string[]) => void;
}): void {
  const { setup, strategies, drafts, setDrafts, setOptions, setSessionIds } = options;
  const empty = drafts.length === 0;
  useEffect(() => {
    if (!setup || !strategies || !empty) return;
    const known = new Set(strategies.map((strategy) => strategy.id));
    if (!setup.configs.every((config) => known.has(config.strategy))) return;
    const defaultsById = new Map(strategies.map((strategy) => [strategy.id, strategy.defaults]));
    setDrafts(draftsFromConfigs(setup.configs, (id) => defaultsById.get(id) ?? {}));
    setOptions(compareOptionsDraftOf(setup.options));
    setSessionIds?.(setup.sessionIds);
  }, [setup, strategies, empty, setDrafts, setOptions, setSessionIds]);
}
