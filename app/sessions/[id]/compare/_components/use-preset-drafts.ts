"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { allStrategiesAtDefaults, type DraftConfig } from "@/lib/client/compare-configs";
import { openingComparison, type OpeningComparison } from "@/lib/client/opening-comparison";
import type { StrategyInfo } from "@/lib/api/contracts/run-schemas";
import type { FormatId } from "@/lib/engine/model";

/**
 * Fills an empty builder once, when the page opens, so it is ready to run:
 * - `?preset=all` (the home page's "compare every strategy on a demo"): every strategy at its defaults, as the
 *   "All strategies at defaults" button does;
 * - otherwise (the session's "Compare strategies" link and tab), once the session's format is known: its own agent's
 *   strategy at its defaults and the strategies worth comparing with it (openingComparison). Returns that opening,
 *   for the note that says why each is there.
 * Drafts the user already has (remembered, or restored from a stored comparison via `?comparison=`) are left alone,
 * and a builder the user empties (Clear) stays empty.
 */
export function usePresetDrafts(options: {
  strategies: readonly StrategyInfo[] | undefined;
  /** the session's format: undefined while it loads, null when it could not be read */
  format: FormatId | null | undefined;
  drafts: readonly DraftConfig[];
  setDrafts: (drafts: DraftConfig[]) => void;
}): OpeningComparison | null {
  const searchParams = useSearchParams();
  const preset = searchParams.get("preset");
  // a stored comparison being followed (?comparison=) brings its own configurations
  const restoring = searchParams.get("comparison") !== null;
  const { strategies, format, drafts, setDrafts } = options;
  // decided once per opening of the page: the drafts it found (remembered ones count) or filled
  const decided = useRef(false);
  const [opening, setOpening] = useState<OpeningComparison | null>(null);
  useEffect(() => {
    if (decided.current || !strategies) return;
    if (drafts.length > 0 || restoring) {
      decided.current = true;
      return;
    }
    let counter = 0;
    const nextId = () => `opening-${counter++}`;
    if (preset === "all") {
      decided.current = true;
      setDrafts(allStrategiesAtDefaults(strategies, nextId));
      return;
    }
    if (format === undefined) return;
    decided.current = true;
    const opened = openingComparison({ strategies, format, nextId });
    if (!opened) return;
    setOpening(opened);
    setDrafts(opened.drafts);
  }, [preset, strategies, format, drafts.length, setDrafts, restoring]);
  return opening;
}
