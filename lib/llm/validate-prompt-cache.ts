import { cacheInputsOfReplay } from "../engine/cache/cache-inputs-of-replay";
import { cacheProviderOf, cacheRulesByProvider, minimumCacheableTokens, offeredTtl, type CacheProviderId, type CacheTtlId } from "../engine/cache/cache-rules";
import { hiddenPrefixTokens } from "../engine/cache/hidden-prefix-tokens";
import { modelPromptCache, type CacheOutcome } from "../engine/cache/model-prompt-cache";
import { recordedPromptRewrites } from "../engine/cache/recorded-prompt-rewrites";
import { sessionModel } from "../engine/cache/session-model";
import { sessionCacheTtl } from "../engine/cache/session-cache-ttl";
import { contextTokensOf, type Session } from "../engine/model";
import { replaySession } from "../engine/simulate/replay-session";
import { noneStrategy } from "../engine/strategies/none";

/** A call further than this from its recorded cached share (in share points) needs a documented cause. */
export const CACHE_SHARE_TOLERANCE = 0.1;

/**
 * Why a call's predicted cached share differs from the recorded one by more than the tolerance, when the
 * transcript shows why; `unexplained` otherwise. Each is checked on the transcript, not assumed.
 */
export const CACHE_MISMATCH_CAUSES = {
  "model-switch": "the call went to another model than the previous one (a cache belongs to one model)",
  "recorded-compaction": "the agent compacted before this call: what it sent is not the transcript's messages",
  "cached-elsewhere": "the recorded read is at most the agent's hidden system prompt and tools, cached by another request the transcript does not hold (another session, a subagent) while the lab sees none",
  "longer-ttl": "the recorded cache survived an idle gap longer than the TTL modelled (a 1-hour cache, or the provider kept it)",
  "cache-not-used": "the call recorded neither a cache read nor a write: the agent sent it without cache breakpoints",
  "agent-rewrote-prefix": "the agent wrote far more than the new messages: it changed something in front of them that the transcript does not show (a system reminder, its tool list, a system prompt rebuilt when the agent restarted — pi's carries its start time to the second)",
  "best-effort-cache": "automatic caching is best effort (requests may reach a machine without the prefix): recorded reads below a prefix the lab predicts",
  unexplained: "no cause found in the transcript",
} as const;
export type CacheMismatchCause = keyof typeof CACHE_MISMATCH_CAUSES;

export interface CacheValidationCall {
  step: number;
  messageIndex: number;
  /** recorded cache read ÷ recorded input; predicted read ÷ predicted input */
  recordedShare: number;
  predictedShare: number;
  outcome: CacheOutcome;
  /** null when within the tolerance */
  cause: CacheMismatchCause | null;
}

export interface CacheValidation {
  model: string;
  provider: CacheProviderId;
  ttl: CacheTtlId;
  hiddenPrefixTokens: number;
  calls: CacheValidationCall[];
  within: number;
  /** Σ recorded reads ÷ Σ recorded input, and the same predicted, over the compared calls */
  recordedTotalShare: number;
  predictedTotalShare: number;
  causes: Partial<Record<CacheMismatchCause, number>>;
  /**
   * calls whose recorded usage shows the agent's prompt rewritten with no cause in the transcript (a restart:
   * recordedPromptRewrites). `lab simulate` and the run cost apply them to every strategy; this check does not, so
   * that it measures the cache model alone
   */
  recordedRewrites: number;
}

/**
 * The cache model checked against what really happened: replays the session as it was sent (`none`, recorded
 * compactions break the prefix as they did), runs the cache model under the session model's provider, and compares
 * each call's predicted cached share of its input with the share its recorded usage gives — shares, not counts,
 * since the lab's estimator is not the provider's tokenizer. The TTL is the one the session's recorded writes used
 * (as `lab simulate` prices it), else the provider's default. Null when the session records no cache figures or its
 * model names no provider the lab knows ({@link whyNotValidated} says which).
 */
export async function validatePromptCache(session: Session, options: { ttl?: CacheTtlId } = {}): Promise<CacheValidation | null> {
  const model = sessionModel(session);
  const provider = cacheProviderOf(model);
  if (!model || !provider) return null;
  if (!session.messages.some((message) => message.usage && message.usage.cacheRead + message.usage.cacheWrite > 0)) return null;
  const rules = cacheRulesByProvider[provider];
  const ttl = offeredTtl(rules, options.ttl ?? sessionCacheTtl(session));
  const result = await replaySession({ session, strategy: noneStrategy, window: Number.MAX_SAFE_INTEGER });
  const compactedBefore = new Set(result.events.filter((event) => event.type === "recorded-compaction").map((event) => event.step));
  // the replay counts the hidden prefix in every step already; what hiddenPrefixTokens adds is 0 then (a stored run's prefix otherwise)
  const added = hiddenPrefixTokens(session, result.steps);
  const hidden = added + (result.hiddenPrefixTokens ?? 0);
  const inputs = cacheInputsOfReplay(session, result, added)!.map((input) => (compactedBefore.has(input.step) ? { ...input, keptMessages: 0, keptTokens: hidden } : input));
  const predicted = modelPromptCache({ calls: inputs, rules, ttlSeconds: rules.ttlSeconds[ttl]!, minimumTokens: minimumCacheableTokens(rules, model) });

  const calls: CacheValidationCall[] = [];
  let recordedRead = 0;
  let recordedInput = 0;
  let predictedRead = 0;
  let predictedInput = 0;
  let previousModel: string | undefined;
  result.steps.forEach((step, index) => {
    const message = session.messages[step.messageIndex];
    const switched = previousModel !== undefined && message.model !== undefined && message.model !== previousModel;
    if (message.model !== undefined) previousModel = message.model;
    const usage = message.usage;
    const total = usage ? contextTokensOf(usage) : 0;
    if (!usage || total === 0) return;
    const call = predicted[index];
    const input = inputs[index].contextTokens;
    const recordedShare = usage.cacheRead / total;
    const predictedShare = input > 0 ? call.read / input : 0;
    recordedRead += usage.cacheRead;
    recordedInput += total;
    predictedRead += call.read;
    predictedInput += input;
    const within = Math.abs(recordedShare - predictedShare) <= CACHE_SHARE_TOLERANCE;
    const cause = within
      ? null
      : causeOf({ recordedShare, predictedShare, usage, total, hidden, outcome: call.outcome, switched, compacted: compactedBefore.has(step.step), provider, newShare: input > 0 ? 1 - inputs[index].keptTokens / input : 1 });
    calls.push({ step: step.step, messageIndex: step.messageIndex, recordedShare, predictedShare, outcome: call.outcome, cause });
  });
  const causes: Partial<Record<CacheMismatchCause, number>> = {};
  for (const call of calls) if (call.cause) causes[call.cause] = (causes[call.cause] ?? 0) + 1;
  return {
    model,
    provider,
    ttl,
    hiddenPrefixTokens: hidden,
    calls,
    within: calls.filter((call) => call.cause === null).length,
    recordedTotalShare: recordedInput > 0 ? recordedRead / recordedInput : 0,
    predictedTotalShare: predictedInput > 0 ? predictedRead / predictedInput : 0,
    causes,
    recordedRewrites: recordedPromptRewrites(session, { ttlSeconds: rules.ttlSeconds[ttl]! }).length,
  };
}

/** Why a session with recorded usage is not compared: no usage at all (null), no cache figures, or no known provider. */
export function whyNotValidated(session: Session): string | null {
  if (!session.messages.some((message) => message.usage && contextTokensOf(message.usage) > 0)) return null;
  const model = sessionModel(session);
  if (!model || !cacheProviderOf(model)) return `its model (${model ?? "none recorded"}) names no provider whose cache rules the lab has`;
  if (!session.messages.some((message) => message.usage && message.usage.cacheRead + message.usage.cacheWrite > 0)) return "its usage records no cache read or write";
  return null;
}

function causeOf(input: {
  recordedShare: number;
  predictedShare: number;
  usage: { cacheRead: number; cacheWrite: number };
  total: number;
  hidden: number;
  outcome: CacheOutcome;
  switched: boolean;
  compacted: boolean;
  provider: CacheProviderId;
  /** the share of the call's input the lab sees as new since the previous call */
  newShare: number;
}): CacheMismatchCause {
  if (input.switched) return "model-switch";
  if (input.compacted) return "recorded-compaction";
  if (input.usage.cacheRead === 0 && input.usage.cacheWrite === 0 && input.provider === "anthropic") return "cache-not-used";
  if (input.recordedShare > input.predictedShare) {
    if (input.outcome === "expired") return input.usage.cacheRead <= input.hidden + CACHE_SHARE_TOLERANCE * input.total ? "cached-elsewhere" : "longer-ttl";
    if (input.usage.cacheRead <= input.hidden + CACHE_SHARE_TOLERANCE * input.total) return "cached-elsewhere";
    return "unexplained";
  }
  if (input.provider !== "anthropic") return "best-effort-cache";
  if (input.usage.cacheWrite / input.total > input.newShare + CACHE_SHARE_TOLERANCE) return "agent-rewrote-prefix";
  return "unexplained";
}
