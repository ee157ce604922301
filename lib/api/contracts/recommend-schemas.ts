import { z } from "zod";
import { CostOptionsSchema } from "./cost-schemas";
import { MAX_MULTI_SESSIONS } from "./compare-schemas";

/**
 * Wire shapes of the recommender (issue #27): which sessions, strategies, windows and trigger shares to sweep, the
 * quality floor, and what comes back — every setting's dollars and continuation recall, the frontier, the choice and
 * the agents' snippets. Shared by the route handlers, `lab recommend --json` and the page.
 */

/** the trigger shares swept by default: 10% to 90% of the window in steps of 10, and 95% */
export const DEFAULT_TRIGGER_SHARES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95] as const;
/** the windows the page offers beside the model's own */
export const COMMON_WINDOWS = [200_000, 400_000, 1_000_000] as const;
export const DEFAULT_QUALITY_FLOOR = 0.9;
/** runs of one recommendation (sessions × strategies × windows × (shares + the default)): one job each */
export const MAX_RECOMMENDATION_RUNS = 480;

export const RecommendRequestSchema = z
  .object({
    sessionIds: z.array(z.string().min(1)).min(1).max(MAX_MULTI_SESSIONS),
    strategies: z.array(z.string().min(1)).min(1).max(10),
    /** context windows to try; left out: the model's own when the lab knows it, else each session's recorded window */
    windows: z.array(z.number().int().min(1_000).max(10_000_000)).min(1).max(6).optional(),
    /** trigger shares of the window, each in 0.1–0.95 */
    shares: z.array(z.number().min(0.1).max(0.95)).min(1).max(18).default([...DEFAULT_TRIGGER_SHARES]),
    /** the continuation recall every chosen session must keep, 0–1 */
    floor: z.number().min(0).max(1).default(DEFAULT_QUALITY_FLOOR),
  })
  .extend(CostOptionsSchema.shape);
export type RecommendRequest = z.infer<typeof RecommendRequestSchema>;
export type RecommendRequestInput = z.input<typeof RecommendRequestSchema>;

/** One session's figures for one setting (null until its run ended, or when it failed). */
export interface RecommendationCell {
  sessionId: string;
  runId: string;
  status: string;
  usd: number | null;
  recall: number | null;
  compactions: number | null;
  error: string | null;
  /** the run's cache-weighted input tokens (RunCost.cacheWeightedTokens): what ranks settings when a model has no price */
  weightedTokens?: number | null;
  /** the model without a price, when the run's dollars are unknown for that reason */
  unpriced?: string | null;
}

/** One setting: a strategy, a window and a trigger share (or the strategy's own default), over every session. */
export interface RecommendationPoint {
  configIndex: number;
  label: string;
  strategy: string;
  window: number | null;
  /** the trigger share swept, or null for the strategy's default setting */
  share: number | null;
  /** where it compacts as a share of the window (the default's equivalent share; null when the window is each session's own) */
  effectiveShare: number | null;
  isDefault: boolean;
  /** the setting overrides replayed */
  settings: Record<string, unknown>;
  cells: RecommendationCell[];
  /** dollars over every session (with prompt caching); null until every session has a price */
  usd: number | null;
  /** cache-weighted input tokens over every session; null until every session has them */
  weightedTokens?: number | null;
  /** the worst continuation recall over the sessions; null until every session has one */
  worstRecall: number | null;
  meanRecall: number | null;
  /** meets the floor on every session */
  meetsFloor: boolean;
  onFrontier: boolean;
}

export interface AgentSnippet {
  agent: string;
  /** false: the agent has no key for a percentage or token trigger; `text` is empty and `note` says so */
  supported: boolean;
  file: string;
  format: string;
  text: string;
  note: string;
  /** where the key is documented, and when that was checked */
  source: string;
  checked: string;
}

export interface RecommendationChoice {
  point: RecommendationPoint;
  /** the strategy's default setting at the same window, and the difference against it */
  againstDefault: { label: string; usd: number | null; worstRecall: number | null; usdDelta: number | null } | null;
  snippets: AgentSnippet[];
}

export interface RecommendationView {
  id: string;
  request: RecommendRequest;
  createdAt: string;
  state: "running" | "done" | "cancelled";
  runs: { total: number; ended: number; failed: number };
  points: RecommendationPoint[];
  /** the frontier by ascending cost (dollars, or cache-weighted tokens per `rankedBy`) against worst recall */
  frontier: { configIndex: number; usd: number | null; cost: number; worstRecall: number }[];
  /** what the settings are ranked on: dollars, or cache-weighted input tokens when a session's model has no price */
  rankedBy: "usd" | "cacheWeightedTokens";
  /** the models without a price and what that means for the ranking; null when every session is priced */
  missingPrice: { models: string[]; note: string } | null;
  /** once every run ended: the cheapest setting meeting the floor on every session, and the runner-up */
  recommended: RecommendationChoice | null;
  runnerUp: RecommendationChoice | null;
  /** when nothing meets the floor: the best worst-case recall reached, and where */
  bestReachable: { configIndex: number; label: string; worstRecall: number; usd: number | null } | null;
  /** settings left out: a share the strategy cannot compact at with that window */
  skipped: string[];
}
