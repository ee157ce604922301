import { DEFAULT_QUALITY_FLOOR, DEFAULT_RECOMMEND_STRATEGIES, DEFAULT_TRIGGER_SHARES, type RecommendRequest } from "@/lib/api/contracts/recommend-schemas";

/** The relative floor a fresh form offers: within 5 points of no compaction. */
export const DEFAULT_WITHIN_POINTS = 5;

/** The strategies ticked on a fresh form (the contract's default, shared with `lab recommend`). */
export { DEFAULT_RECOMMEND_STRATEGIES };

/** What the recommender's form holds: its fields as the user sees and edits them. */
export interface RecommendFormValues {
  picked: string[];
  chosen: string[];
  /** the priced model, "" for each session's own */
  model: string;
  windows: number[];
  /** trigger shares in percent, e.g. "10, 12.5, 50" */
  sharesText: string;
  /** the quality floor in percent */
  floor: string;
  /** which floor applies: absolute (`floor` %) or relative (`within` points of no compaction) */
  floorKind: "absolute" | "relative";
  /** the relative floor in points */
  within: string;
  /** cache rules the form has no field for (a request started from the CLI or API): sent again as they were; null for the defaults */
  cache: Pick<RecommendRequest, "cacheProvider" | "cacheTtl" | "recordedRewrites"> | null;
}

/** [0.1, 0.125, 0.95] → "10, 12.5, 95": what parseShares reads back to the same shares. */
export function sharesAsText(shares: readonly number[]): string {
  return shares.map((share) => String(Math.round(share * 1000) / 10)).join(", ");
}

/**
 * The form's values: the defaults for a new recommendation, or — when a stored one is open — its request, so the
 * user can change a field and run it again. The stored windows are the resolved ones (the model's own, or each
 * session's, when none was ticked), so they come back ticked. Strategies the page no longer offers are left out.
 */
export function recommendFormValues(request: RecommendRequest | null | undefined, offeredStrategies: readonly string[]): RecommendFormValues {
  if (!request) {
    return {
      picked: [],
      chosen: [...DEFAULT_RECOMMEND_STRATEGIES],
      model: "",
      windows: [],
      sharesText: sharesAsText(DEFAULT_TRIGGER_SHARES),
      floor: String(DEFAULT_QUALITY_FLOOR * 100),
      floorKind: "absolute",
      within: String(DEFAULT_WITHIN_POINTS),
      cache: null,
    };
  }
  const defaultCache = request.cacheProvider === "auto" && request.cacheTtl === "auto" && request.recordedRewrites !== false;
  return {
    picked: [...new Set(request.sessionIds)],
    chosen: request.strategies.filter((id) => offeredStrategies.includes(id)),
    model: request.costModel ?? "",
    windows: [...(request.windows ?? [])],
    sharesText: sharesAsText(request.shares),
    floor: String(Math.round(request.floor * 1000) / 10),
    floorKind: request.within === undefined ? "absolute" : "relative",
    within: String(request.within ?? DEFAULT_WITHIN_POINTS),
    cache: defaultCache ? null : { cacheProvider: request.cacheProvider, cacheTtl: request.cacheTtl, recordedRewrites: request.recordedRewrites !== false },
  };
}
