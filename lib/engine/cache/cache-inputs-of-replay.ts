import type { Session } from "../model";
import type { ReplayResult } from "../simulate/replay-result";
import type { CacheCallInput } from "./model-prompt-cache";
import { settingChanges } from "./setting-changes";

/**
 * The cache model's input from a replay: each call's context, the prefix it kept from the previous call, its
 * output, and its request time — the timestamp of the last message sent before the call (the request goes out once
 * it is there), else the call's own. `hiddenPrefixTokens` (see hiddenPrefixTokens) is added in front of every call
 * and kept by every call but the first. The agent's whole prefix — what is added here plus what the replay counted
 * itself (`result.hiddenPrefixTokens`) — is each call's `prefixTokens`, cached under a breakpoint of its own. A call after a recorded change of the agent's settings (its thinking level, its model:
 * session events) carries `changed`, for the cache model to apply the provider's invalidation. Null for a result stored before the replay recorded kept prefixes: its
 * cache cannot be rebuilt without replaying it again.
 */
export function cacheInputsOfReplay(session: Session, result: Pick<ReplayResult, "steps"> & Partial<Pick<ReplayResult, "hiddenPrefixTokens">>, hiddenPrefixTokens = 0): CacheCallInput[] | null {
  const inputs: CacheCallInput[] = [];
  const prefixTokens = hiddenPrefixTokens + (result.hiddenPrefixTokens ?? 0);
  const changes = settingChanges(session, result.steps.map((step) => step.messageIndex));
  for (const [index, step] of result.steps.entries()) {
    if (step.keptTokens === undefined || step.keptMessages === undefined) return null;
    inputs.push({
      step: step.step,
      contextTokens: step.contextTokens + hiddenPrefixTokens,
      length: step.length,
      keptMessages: step.keptMessages,
      keptTokens: inputs.length === 0 ? 0 : step.keptTokens + hiddenPrefixTokens,
      outputTokens: step.outputTokens ?? 0,
      requestTime: requestTimeOf(session, step.messageIndex),
      prefixTokens,
      ...(changes[index].length > 0 ? { changed: changes[index] } : {}),
    });
  }
  return inputs;
}

function requestTimeOf(session: Session, callIndex: number): number | null {
  const before = session.messages[callIndex - 1]?.timestamp;
  const own = session.messages[callIndex]?.timestamp;
  const parsed = before !== undefined ? Date.parse(before) : Number.NaN;
  if (Number.isFinite(parsed)) return parsed;
  const fallback = own !== undefined ? Date.parse(own) : Number.NaN;
  return Number.isFinite(fallback) ? fallback : null;
}
