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
/** the strategies swept when none are named: ticked on a fresh page form, and `lab recommend` without --strategies */
export const DEFAULT_RECOMMEND_STRATEGIES: readonly string[] = ["pi", "codex"];
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
    /** the continuation recall every chosen session must keep, 0–1 (the absolute floor) */
    floor: z.number().min(0).max(1).default(DEFAULT_QUALITY_FLOOR),
    /**
     * the relative floor, in percentage points: a setting meets it when on every session its recall is at least the
     * session's uncompacted recall (the same exam with no compaction and no window) minus this; given, it replaces `floor`
     */
    within: z.number().min(0).max(100).optional(),
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
  /** tokens to rank on where there are no dollars: cache-weighted tokens when the row has them, else tokens sent */
  tokens: number | null;
  recall: number | null;
  /** the same exam's recall with no compaction and no window: what a relative floor is measured from */
  uncompacted: number | null;
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
  /** tokens over every session, the cost ranked on where a price is missing (see `RecommendationVerdict.costBasis`) */
  tokens: number | null;
  /** the worst continuation recall over the sessions; null until every session has one */
  worstRecall: number | null;
  /** 95% bootstrap interval of the worst recall (over each session's checkpoints); null bounds for rows stored before intervals */
  low: number | null;
  high: number | null;
  meanRecall: number | null;
  /** by worst recall; settings whose intervals overlap the best of their group are tied ("tied 1st") */
  rank: { place: number; tied: boolean; label: string } | null;
  /** meets the floor on every session */
  meetsFloor: boolean;
  /** points below the floor on its worst session (0 when it meets it); null without a recall */
  shortBy: number | null;
  onFrontier: boolean;
}

/**
 * How the recommendation was chosen: `cheapest-meeting-floor` (some setting meets the floor: the cheapest of them),
 * `best-value-vs-default` (none does: the best worst recall per dollar among the settings at least as good as
 * their agent's default), `highest-reachable` (none is as good as a default: the best worst recall).
 */
export interface RecommendationVerdict {
  rule: "cheapest-meeting-floor" | "best-value-vs-default" | "highest-reachable";
  floorMet: boolean;
  /** the floor as asked: absolute (a share) or relative (points within the uncompacted recall) */
  floor: { kind: "absolute"; value: number } | { kind: "relative"; within: number };
  /** points the recommended setting is below the floor on its worst session (0 when met) */
  shortBy: number;
  /** what settings are ranked on: dollars, or tokens where a price is missing (and why) */
  costBasis: "usd" | "cacheWeightedTokens" | "tokensSent";
  costNote: string | null;
  /** one plain sentence: what was chosen and why */
  summary: string;
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
  /** the frontier by ascending cost (dollars, or tokens when a price is missing): worst recall against it */
  frontier: { configIndex: number; usd: number; worstRecall: number }[];
  /** once every run ended and one setting has figures on every session: how the recommendation was chosen */
  verdict: RecommendationVerdict | null;
  /**
   * once every run ended: the cheapest setting meeting the floor on every session and the runner-up; when none
   * meets it, still a setting (see `verdict`), with no runner-up
   */
  recommended: RecommendationChoice | null;
  runnerUp: RecommendationChoice | null;
  /** when nothing meets the floor: the best worst-case recall reached, and where */
  bestReachable: { configIndex: number; label: string; worstRecall: number; usd: number | null } | null;
  /** settings left out: a share the strategy cannot compact at with that window */
  skipped: string[];
}
