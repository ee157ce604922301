import type { SessionCache } from "../cache/session-cache-rules";
import type { Session } from "../model";
import type { AnyStrategy, CompactionPlan } from "../strategies/strategy";
import { resolveSettings } from "../strategies/resolve-settings";
import { extractiveSummary } from "../summarize/extractive-summarizer";
import { offlineProviderCompactionError } from "../summarize/summarizer";
import { createEstimator, type EstimatorChoice } from "../tokens/create-estimator";
import { isReplayPause, replayCore } from "./replay-core";
import type { ReplayEvent } from "./replay-events";
import type { ReplayResult } from "./replay-result";
import { resolveWindow } from "./resolve-window";

export interface PlanCompactionOptions {
  session: Session;
  strategy: AnyStrategy;
  settings?: Record<string, unknown>;
  window?: number;
  outputReserve?: number;
  /**
   * a built-in estimator id, or a factory returning a fresh estimator per call (see EstimatorChoice); default
   * chars4. The replay calls the factory once and only ever asks the estimator synchronously: an estimator that
   * needs the network (count_tokens) must have its answers fetched before the replay.
   */
  estimator?: EstimatorChoice;
  /** preview the compaction the strategy would run before model call `atStep`; default: after the last message */
  atStep?: number;
  /**
   * `forced` (default): ask the strategy to compact at that point even under its trigger (a manual compaction);
   * `as-configured`: only what the strategy does there on its own with these settings, which may be nothing
   */
  mode?: PreviewMode;
  /** the prompt cache the strategy plans for (see ReplayOptions.sessionCache); default the session's own */
  sessionCache?: SessionCache;
}

export type PreviewMode = "forced" | "as-configured";

export interface CompactionPreview {
  /** the strategy's plan when forced (null when it has nothing to compact, e.g. everything is protected) */
  plan: CompactionPlan | null;
  /** what the forced decision did: prune, compaction start/end or trim, warnings */
  events: ReplayEvent[];
  tokensBefore: number;
  tokensAfter: number;
  firstKeptMessageId: string | null;
  /** the extractive summary standing in for the real one */
  summaryPreview: string | null;
  /** the replay up to the preview point, with the forced compaction applied (for contextAt / finalContext) */
  replay: ReplayResult;
  mode: PreviewMode;
  /** whether a summary or a trim happened at the preview point (always, forced, unless nothing can be compacted) */
  compacted: boolean;
  /** the context at or above which the strategy compacts on its own (see Strategy.autoTrigger); null: unknown or never */
  autoTrigger: number | null;
}

/**
 * An instant, synchronous preview: replays the session up to `atStep` (earlier compactions summarized by
 * the extractive summarizer, which is cheap and deterministic), then asks the strategy to compact now
 * (`force: true`) and applies it — or, `as-configured`, lets it decide there as its settings say, so a step
 * under its trigger previews as "no compaction here" instead of a manual one it would never make. No summarizer is injected or called — the UI can show what would be
 * pruned, where the cut falls and the tokens before → after while the user edits settings.
 */
export function planCompaction(options: PlanCompactionOptions): CompactionPreview {
  const mode = options.mode ?? "forced";
  const forced = mode === "forced";
  let plan: CompactionPlan | null = null;
  let forcedFrom = -1;
  const plansByStep = new Map<number, CompactionPlan>();
  const strategy: AnyStrategy = {
    ...options.strategy,
    decide(input) {
      const decision = options.strategy.decide(input);
      if (forced && input.force) {
        forcedFrom = input.events.length;
        plan = decision.compaction ?? null;
      } else if (!forced && decision.compaction) plansByStep.set(input.step, decision.compaction);
      return decision;
    },
  };
  const settings = resolveSettings(options.strategy, options.settings);
  const window = resolveWindow(options.window, options.session.meta.contextWindow);
  const run = replayCore({
    session: options.session,
    strategy,
    settings,
    window,
    outputReserve: options.outputReserve ?? 0,
    estimator: createEstimator(options.estimator ?? "chars4"),
    stopBeforeStep: options.atStep,
    forceAtEnd: forced,
    decideAtEnd: !forced,
    sessionCache: options.sessionCache,
  });
  let next = run.next();
  while (!next.done) {
    if (isReplayPause(next.value)) next = run.next();
    else if (next.value.providerCompaction) next = run.next({ ok: false, error: offlineProviderCompactionError(next.value.providerCompaction.provider) });
    else next = run.next({ ok: true, result: extractiveSummary(next.value) });
  }
  const replay = next.value;
  // the step the preview looks at: `atStep`, or the one after the last call
  const atStep = Math.min(options.atStep ?? replay.steps.length, replay.steps.length);
  // as configured: whatever the strategy did on its own at this step (after the previous call, before this one)
  const events = forced ? (forcedFrom < 0 ? [] : replay.events.slice(forcedFrom)) : replay.events.filter((event) => event.step === atStep && event.type !== "recorded-compaction");
  if (!forced) plan = plansByStep.get(atStep) ?? null;
  const end = events.find((event) => event.type === "compaction-end" || event.type === "trim");
  return {
    mode,
    compacted: end !== undefined,
    autoTrigger: options.strategy.autoTrigger?.(settings, window) ?? null,
    plan,
    events,
    tokensBefore: end && "tokensBefore" in end ? end.tokensBefore : replay.final.contextTokens,
    tokensAfter: replay.final.contextTokens,
    firstKeptMessageId: end && "firstKeptMessageId" in end ? end.firstKeptMessageId : null,
    summaryPreview: end?.type === "compaction-end" ? end.summary : null,
    replay,
  };
}
