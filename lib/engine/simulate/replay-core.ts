import { contextTokensOf, type Session } from "../model";
import type { AnyStrategy, CompactionDetails, StrategyDecision, StrategyInput, TriggerPoint } from "../strategies/strategy";
import type { SummarizeRequest } from "../summarize/summarizer";
import { messageTokensWith, type Estimator } from "../tokens/estimator";
import { classifyMessages } from "./classify-messages";
import { executeCompaction, type SummaryOutcome } from "./execute-compaction";
import { LiveContext } from "./live-context";
import type { ReplayEvent } from "./replay-events";
import type { ReplayResult, ReplayStep } from "./replay-result";
import { resolveProtection } from "./resolve-protection";
import { SourceContext } from "./source-context";
import { measureHiddenPrefix } from "../cache/hidden-prefix-tokens";
import { sessionCacheOf, type SessionCache } from "../cache/session-cache-rules";

export interface ReplayCoreOptions {
  session: Session;
  strategy: AnyStrategy;
  /** full, validated settings */
  settings: object;
  window: number;
  outputReserve: number;
  estimator: Estimator;
  signal?: AbortSignal;
  onEvent?: (event: ReplayEvent) => void;
  /** stop before model call `stopBeforeStep` (its before-call point is not run); default: the whole session */
  stopBeforeStep?: number;
  /** after stopping, ask the strategy once more with `force: true` (manual compaction / preview) */
  forceAtEnd?: boolean;
  /**
   * after stopping, run the `before-call` point of the next call as the strategy is configured (no force), when it
   * listens there: the as-configured preview ("would it compact before call N?"); `after-*` points already ran
   */
  decideAtEnd?: boolean;
  /**
   * Manual compaction ("compact here"): before model call `forceAtStep`, ask the strategy with `force: true`,
   * then carry on replaying. Asked at `before-call` when the strategy listens there, else at its first trigger.
   */
  forceAtStep?: number;
  /** progress: called once per model call, after the step is recorded */
  onStep?: (step: ReplayStep) => void;
  /** count the agent's hidden prefix (system prompt, tools) in every step's context (measureHiddenPrefix); default false */
  countHiddenPrefix?: boolean;
  /** the prompt cache the strategies are told the calls run under (StrategyInput.sessionCache); default the session's own (sessionCacheOf) */
  sessionCache?: SessionCache;
}

/**
 * Yielded by the replay loop every {@link REPLAY_PAUSE_EVERY} messages and resumed with nothing: an async caller
 * lets other work run there (a worker's heartbeat, progress writes, a cancel check, other requests), so a long
 * session that never summarizes is not one blocking stretch of seconds. Where the pauses fall changes nothing
 * in the result.
 */
export const REPLAY_PAUSE = Object.freeze({ pause: true as const });
export type ReplayPause = typeof REPLAY_PAUSE;
export const REPLAY_PAUSE_EVERY = 100;

export function isReplayPause(value: SummarizeRequest | ReplayPause): value is ReplayPause {
  return value === REPLAY_PAUSE;
}

/**
 * The replay loop, as a generator that yields each summarize request and is resumed with its outcome, so the
 * same loop runs with an async summarizer ({@link replaySession}) or synchronously ({@link planCompaction}).
 * It also yields {@link REPLAY_PAUSE} now and then, resumed with `next()`.
 *
 * One pass over the session: each message is appended once, each step reports the running total, and the
 * strategy is asked at the trigger points it listens to. Linear in the session's length plus whatever the
 * strategy's own decisions cost (pruners walk back only to their idempotence boundary).
 */
export function* replayCore(options: ReplayCoreOptions): Generator<SummarizeRequest | ReplayPause, ReplayResult, SummaryOutcome> {
  const { session, strategy, settings, estimator } = options;
  const kinds = classifyMessages(session);
  const hiddenPrefixTokens = options.countHiddenPrefix === true ? measureHiddenPrefix(session, estimator) : 0;
  const live = new LiveContext(session, estimator, hiddenPrefixTokens);
  const sessionCache = options.sessionCache ?? sessionCacheOf(session);
  const events: ReplayEvent[] = [];
  const steps: ReplayStep[] = [];
  const triggers = new Set<TriggerPoint>(strategy.triggers);
  // checked before runPoint is called, not only inside it: each call makes a generator object, and a replay passes
  // several trigger points per message while most strategies listen to one
  const listensBeforeCall = triggers.has("before-call");
  const listensAfterUser = triggers.has("after-user-message");
  const listensAfterTools = triggers.has("after-tool-results");
  const listensAfterCall = triggers.has("after-call");
  const usableWindow = options.window - options.outputReserve;
  let previousSummary: string | null = null;
  let previousDetails: CompactionDetails | null = null;
  const source = new SourceContext(session);
  let inOverflow = false;
  let step = 0;
  let pendingCall: { record: ReplayStep; inputTokens: number; outputAdditive: number } | null = null;

  const emit = (event: ReplayEvent) => {
    events.push(event);
    options.onEvent?.(event);
  };

  function* runPoint(
    point: TriggerPoint,
    force: boolean,
    lastCall: StrategyInput<object>["lastCall"] = null,
  ): Generator<SummarizeRequest, void, SummaryOutcome> {
    if (!triggers.has(point) && !force) return;
    const decision: StrategyDecision = strategy.decide({
      point,
      step,
      settings,
      context: live,
      window: options.window,
      outputReserve: options.outputReserve,
      lastCall,
      events,
      previousSummary,
      previousDetails,
      force,
      sessionCache,
    });
    if (decision.notes) for (const note of decision.notes) emit({ ...note, step });
    applyMarks(decision, point);
    if (decision.compaction) {
      const outcome = yield* executeCompaction({ plan: decision.compaction, live, strategy, settings, estimator, step, point, emit });
      if (outcome.summary !== null) previousSummary = outcome.summary;
      if (outcome.details !== null) previousDetails = outcome.details;
    }
  }

  function applyMarks(decision: StrategyDecision, point: TriggerPoint): void {
    if (!decision.marks || decision.marks.length === 0) return;
    const byPruner = new Map<string, NonNullable<StrategyDecision["marks"]>[number][]>();
    for (const request of decision.marks ?? []) {
      const group = byPruner.get(request.pruner) ?? [];
      group.push(request);
      byPruner.set(request.pruner, group);
    }
    // named before the marks are applied (marks never move positions, but read the same context the strategy saw)
    const protectedRegions = byPruner.size > 0 ? resolveProtection(live, decision.protected) : [];
    for (const [pruner, requests] of byPruner) {
      const tokensBefore = live.tokens;
      const kinds: Partial<Record<string, number>> = {};
      let freed = 0;
      for (const request of requests) {
        freed += live.mark(request.position, request.partIndex, { ...request.mark, step } as never);
        kinds[request.mark.kind] = (kinds[request.mark.kind] ?? 0) + 1;
      }
      emit({
        type: "prune",
        step,
        point,
        pruner,
        parts: requests.length,
        kinds,
        tokensFreed: live.scale(freed),
        tokensBefore,
        tokensAfter: live.tokens,
        ...(protectedRegions.length > 0 ? { protected: protectedRegions } : {}),
      });
    }
  }

  for (let index = 0; index < session.messages.length; index++) {
    if (index > 0 && index % REPLAY_PAUSE_EVERY === 0) yield REPLAY_PAUSE;
    options.signal?.throwIfAborted();
    const message = session.messages[index];
    const kind = kinds[index];
    const unmarkedTokens = messageTokensWith(estimator, message);
    if (kind === "recorded-marker" || kind === "recorded-summary") {
      source.add(index, message, unmarkedTokens);
      if (kind === "recorded-marker") emit(recordedCompactionEvent(session, index, step));
      continue;
    }
    if (kind === "call") {
      if (step === options.stopBeforeStep) break;
      const forced = step === options.forceAtStep;
      const forcedPoint: TriggerPoint = triggers.has("before-call") ? "before-call" : (strategy.triggers[0] ?? "before-call");
      if (forced) yield* runPoint(forcedPoint, true);
      if ((!forced || forcedPoint !== "before-call") && listensBeforeCall) yield* runPoint("before-call", false);
      const contextTokens = live.tokens;
      const recordedTokens = message.usage ? contextTokensOf(message.usage) : null;
      const kept = live.takeCallPrefix();
      const record: ReplayStep = {
        step,
        messageIndex: index,
        contextTokens,
        recordedTokens,
        messages: live.length,
        epoch: live.epochIndex,
        length: live.length,
        keptMessages: kept.messages,
        // the hidden prefix is sent unchanged at every call after the first
        keptTokens: step === 0 ? 0 : Math.min(contextTokens, hiddenPrefixTokens + live.scale(kept.additiveTokens)),
        outputTokens: 0,
      };
      steps.push(record);
      options.onStep?.(record);
      if (contextTokens > usableWindow && !inOverflow) emit({ type: "overflow", step, tokens: contextTokens, usableWindow });
      inOverflow = contextTokens > usableWindow;
      if (recordedTokens !== null) estimator.observe(source.tokens, recordedTokens);
      pendingCall = { record, inputTokens: contextTokens, outputAdditive: 0 };
      step++;
    }
    source.add(index, message, unmarkedTokens);
    live.append(index, unmarkedTokens);
    if (pendingCall && (kind === "call" || kind === "call-continuation")) pendingCall.outputAdditive += live.entryTokens(live.length - 1);

    const next = nextReplayedKind(kinds, session, index);
    if (message.role === "user" && !message.synthetic && listensAfterUser) yield* runPoint("after-user-message", false);
    if (message.role === "tool" && next?.role !== "tool" && listensAfterTools) yield* runPoint("after-tool-results", false);
    if (pendingCall && next?.role !== "tool" && next?.kind !== "call-continuation") {
      const lastCall = { step: pendingCall.record.step, inputTokens: pendingCall.inputTokens, outputTokens: live.scale(pendingCall.outputAdditive) };
      pendingCall.record.outputTokens = lastCall.outputTokens;
      pendingCall = null;
      if (listensAfterCall) yield* runPoint("after-call", false, lastCall);
    }
  }
  if (options.decideAtEnd && listensBeforeCall) yield* runPoint("before-call", false);
  if (options.forceAtEnd) yield* runPoint(strategy.triggers[0] ?? "before-call", true);

  return {
    strategyId: strategy.id,
    settings,
    window: options.window,
    outputReserve: options.outputReserve,
    estimatorId: estimator.id,
    hiddenPrefixTokens,
    steps,
    events,
    epochs: live.epochs,
    marks: live.markRecords,
    final: { epoch: live.epochIndex, length: live.length, contextTokens: live.tokens, messages: live.length },
  };
}

/** The next message the replay will append (recorded compaction messages are skipped), or null at the end. */
function nextReplayedKind(kinds: ReturnType<typeof classifyMessages>, session: Session, index: number) {
  for (let next = index + 1; next < session.messages.length; next++) {
    const kind = kinds[next];
    if (kind !== "recorded-marker" && kind !== "recorded-summary") return { kind, role: session.messages[next].role };
  }
  return null;
}

function recordedCompactionEvent(session: Session, index: number, step: number): ReplayEvent {
  const message = session.messages[index];
  const part = message.parts.find((candidate) => candidate.type === "compaction");
  return {
    type: "recorded-compaction",
    step,
    messageId: message.id,
    auto: part?.type === "compaction" ? part.auto : false,
    tokensBefore: part?.type === "compaction" ? (part.tokensBefore ?? null) : null,
    tokensAfter: part?.type === "compaction" ? (part.tokensAfter ?? null) : null,
  };
}
