import type { Session } from "../model";
import { strategyOfFormat } from "../strategies/strategy-of-format";
import { agentStrategyIds } from "./agent-strategy-ids";
import { compactionApplied, type RecordedCompactionEvent } from "../simulate/replay-events";
import type { ReplayResult } from "../simulate/replay-result";
import { FIDELITY_TOLERANCE_CALLS, type FidelityOutcome, type RecordedCompactionFidelity, type SessionWindow } from "./fidelity-report";

export interface MeasureFidelityOptions {
  session: Session;
  /** a replay of `session` (its recorded compactions are the replay's `recorded-compaction` events) */
  result: ReplayResult;
  /** the window the agent ran the session at (see sessionWindow) */
  window: SessionWindow;
  /** calls a replayed compaction may lie from a recorded one and count as replayed; default 5 */
  toleranceCalls?: number;
}

/**
 * Why no replay of this session can be held against what its agent did, before replaying anything: it records no
 * compaction of its own (no message with a `compaction` part: the replay's `recorded-compaction` markers), or its
 * format has no strategy of that agent in the lab. Null when one can.
 */
export function fidelityUnmeasurable(session: Session): string | null {
  if (!session.messages.some((message) => message.parts.some((part) => part.type === "compaction"))) return "the session records no compaction of its own";
  if (strategyOfFormat(session.format) === undefined) return `a ${session.format} session's compactions have no strategy of that agent in the lab to replay them`;
  return null;
}

/**
 * For each compaction the session recorded, the replay's nearest compaction: calls apart, tokens before and tokens
 * kept on both sides. Only meaningful for a replay of the agent's own strategy at the window it ran with, so
 * anything else gives `fidelity: null` and says why: the session records no compaction, its format has no strategy
 * of its own in the lab, the replay ran another strategy, or at another window.
 *
 * Recorded markers before the same call count as one compaction. The replay's compactions are the ones it applied
 * (a compaction that fell back changed nothing). Nearest is by calls, ties going to the earlier replayed one; two
 * recorded compactions may share one nearest replayed compaction, and then at most one of them is within reach.
 */
export function measureFidelity(options: MeasureFidelityOptions): FidelityOutcome {
  const { session, result, window } = options;
  const toleranceCalls = options.toleranceCalls ?? FIDELITY_TOLERANCE_CALLS;
  const unmeasurable = fidelityUnmeasurable(session);
  if (unmeasurable !== null) return { fidelity: null, reason: unmeasurable };
  const markers = result.events.filter((event): event is RecordedCompactionEvent => event.type === "recorded-compaction");
  // any version of the agent's strategy (claude-code, claude-code@2.1.299): which one the session matches is the question
  const versions = agentStrategyIds(session.format);
  if (!versions.includes(result.strategyId)) {
    return { fidelity: null, reason: `fidelity compares the agent's own strategy with what it did: replay this ${session.format} session with --strategy ${versions.join(" or ")}, not ${result.strategyId}` };
  }
  if (result.window !== window.tokens) {
    return { fidelity: null, reason: `fidelity needs the window the agent ran at (${window.tokens.toLocaleString("en-US")}, ${window.from}); this replay ran at ${result.window.toLocaleString("en-US")} (--window ${window.tokens})` };
  }

  const replayed = result.events.flatMap((event) =>
    event.type === "compaction-end" && compactionApplied(event) ? [{ step: event.step, tokensBefore: event.tokensBefore, tokensKept: event.tokensAfter }] : [],
  );
  const recordedAt = (step: number) => result.steps[step]?.recordedTokens ?? null;
  const recorded: RecordedCompactionFidelity[] = [];
  for (const marker of markers) {
    const previous = recorded.at(-1);
    if (previous && previous.recordedStep === marker.step) {
      previous.markers++;
      continue;
    }
    const before = marker.tokensBefore ? { value: marker.tokensBefore, from: "marker" as const } : valueFrom(recordedAt(marker.step - 1), "last-call" as const);
    const kept = marker.tokensAfter ? { value: marker.tokensAfter, from: "marker" as const } : valueFrom(recordedAt(marker.step), "next-call" as const);
    const nearest = nearestTo(replayed, marker.step);
    const callsApart = nearest ? nearest.step - marker.step : null;
    recorded.push({
      recordedStep: marker.step,
      markers: 1,
      recordedTokensBefore: before.value,
      recordedTokensBeforeFrom: before.from,
      recordedTokensKept: kept.value,
      recordedTokensKeptFrom: kept.from,
      replayed: nearest,
      callsApart,
      within: callsApart !== null && Math.abs(callsApart) <= toleranceCalls,
    });
  }
  const extraReplayed = replayed.filter((compaction) => recorded.every((entry) => Math.abs(compaction.step - entry.recordedStep) > toleranceCalls)).length;
  return {
    reason: null,
    fidelity: {
      strategyId: result.strategyId,
      estimatorId: result.estimatorId,
      window: result.window,
      windowFrom: window.from,
      hiddenPrefixTokens: result.hiddenPrefixTokens ?? 0,
      toleranceCalls,
      recorded,
      replayedSteps: replayed.map((compaction) => compaction.step),
      within: recorded.filter((entry) => entry.within).length,
      extraReplayed,
    },
  };
}

function valueFrom<From extends string>(value: number | null, from: From): { value: number | null; from: From | null } {
  return value !== null && value > 0 ? { value, from } : { value: null, from: null };
}

function nearestTo<T extends { step: number }>(candidates: readonly T[], step: number): T | null {
  let best: T | null = null;
  for (const candidate of candidates) if (best === null || Math.abs(candidate.step - step) < Math.abs(best.step - step)) best = candidate;
  return best;
}
