import type { SessionCache } from "../cache/session-cache-rules";
import type { Session } from "../model";
import type { AnyStrategy } from "../strategies/strategy";
import { thresholdWarningEvents } from "../strategies/fixed-thresholds";
import { resolveSettings } from "../strategies/resolve-settings";
import { extractiveSummarizer } from "../summarize/extractive-summarizer";
import type { Summarizer } from "../summarize/summarizer";
import { createEstimator, type EstimatorChoice } from "../tokens/create-estimator";
import type { SummaryOutcome } from "./execute-compaction";
import { isReplayPause, replayCore } from "./replay-core";
import { resolveWindow } from "./resolve-window";
import type { ReplayEvent } from "./replay-events";
import type { ReplayResult, ReplayStep } from "./replay-result";

export { DEFAULT_REPLAY_WINDOW } from "./resolve-window";

export interface ReplayOptions {
  session: Session;
  strategy: AnyStrategy;
  /** overrides of the strategy's defaults, validated by its schema (throws SettingsError) */
  settings?: Record<string, unknown>;
  /** context window tokens; default the session's recorded window, else {@link DEFAULT_REPLAY_WINDOW} */
  window?: number;
  /** tokens kept free for the response; default 0 (strategies that reserve output say so in their settings) */
  outputReserve?: number;
  /**
   * a built-in estimator id, or a factory returning a fresh estimator per call (see EstimatorChoice); default
   * chars4. The replay calls the factory once and only ever asks the estimator synchronously: an estimator that
   * needs the network (count_tokens) must have its answers fetched before the replay.
   */
  estimator?: EstimatorChoice;
  /** default: the extractive summarizer */
  summarizer?: Summarizer;
  signal?: AbortSignal;
  /** progress: called with every event as it happens */
  onEvent?: (event: ReplayEvent) => void;
  /** progress: called once per model call, after the step is recorded */
  onStep?: (step: ReplayStep) => void;
  /** manual compaction: force one before model call `forceAtStep` (see ReplayCoreOptions) */
  forceAtStep?: number;
  /**
   * count the agent's hidden prefix (system prompt and tools, measured from the first recorded call) in every call's
   * context, as the agent sent it; default false (see lib/engine/README.md: not yet every strategy's budget allows for it)
   */
  countHiddenPrefix?: boolean;
  /**
   * the prompt cache the strategies plan for (StrategyInput.sessionCache): the one the run is priced under when it
   * names another model, provider or TTL (lib/runs/price-run.ts `runSessionCache`); default the session's own
   */
  sessionCache?: SessionCache;
}

/**
 * Replays a session through a strategy, as the agent would have lived it: step by step, applying the
 * strategy's pruning and compactions, later steps building on the compacted context. Returns the timeline
 * (tokens sent per model call), the events and the stored contexts (see `contextAt`).
 *
 * Every hundred messages it yields to the event loop (see REPLAY_PAUSE in replay-core), so a replay in a
 * server process leaves room for that process's timers and requests.
 *
 * Summarizer failures do not reject: they become `fallback` events. An aborted signal rejects with its reason.
 * The session is never mutated; replaying twice with the same options gives the same result.
 */
export async function replaySession(options: ReplayOptions): Promise<ReplayResult> {
  const summarizer = options.summarizer ?? extractiveSummarizer;
  const settings = resolveSettings(options.strategy, options.settings);
  const window = resolveWindow(options.window, options.session.meta.contextWindow);
  // said up front: a fixed threshold at or above the window never fires (the run shows why it never compacts)
  const warnings = thresholdWarningEvents(options.strategy.id, settings as Record<string, unknown>, window);
  for (const warning of warnings) options.onEvent?.(warning);
  const run = replayCore({
    session: options.session,
    strategy: options.strategy,
    settings,
    window,
    outputReserve: options.outputReserve ?? 0,
    estimator: createEstimator(options.estimator ?? "chars4"),
    signal: options.signal,
    onEvent: options.onEvent,
    onStep: options.onStep,
    forceAtStep: options.forceAtStep,
    countHiddenPrefix: options.countHiddenPrefix,
    sessionCache: options.sessionCache,
  });
  let next = run.next();
  while (!next.done) {
    if (isReplayPause(next.value)) {
      await yieldToEventLoop();
      next = run.next();
      continue;
    }
    let outcome: SummaryOutcome;
    try {
      outcome = { ok: true, result: await summarizer({ ...next.value, signal: options.signal }) };
    } catch (error) {
      options.signal?.throwIfAborted();
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    next = run.next(outcome);
  }
  return warnings.length === 0 ? next.value : { ...next.value, events: [...warnings, ...next.value.events] };
}

/** A macrotask turn: timers and I/O callbacks queued meanwhile run first (a resolved promise would not let them). */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
