import type { Session } from "../model";
import type { ReplayResult } from "./replay-result";

export interface InvariantReport {
  /** no context sent kept a tool result without its call, or dropped a result whose call it kept */
  toolPairsIntact: boolean;
  /** every compaction and trim ended within its budget and no step sent more than the usable window */
  fitsBudget: boolean;
  /**
   * when `fitsBudget` is false, why, one line per cause naming the strategy's rule: the over-budget event's reason
   * for a compaction or trim that ended over its budget, and for a step over the usable window the strategy's trigger
   * that did not fire in time (with its up-front warning, such as a fixed threshold above the window)
   */
  budgetReasons: string[];
  /** broken pairs and over-budget results that no event explains; empty when the replay is sound */
  violations: string[];
}

/**
 * Checks a replay against the engine's invariants. Tool pairs are checked once per epoch over everything
 * the epoch ever held (each step's context is a prefix of it, and appends only add later messages), so the
 * check is linear in the stored contexts. `fitsBudget` is an honest report, not a violation: strategies
 * without a summary step often do not fit; a compaction that ends over budget must come with an
 * `over-budget` event saying why, else it is a violation.
 */
export function checkInvariants(session: Session, result: ReplayResult): InvariantReport {
  const calls = numberedToolParts(session);
  const violations: string[] = [];
  // per call number, the last epoch (index + 1) that sent its call and its result: nothing to clear between epochs
  const callSentIn = new Int32Array(calls.count);
  const resultSentIn = new Int32Array(calls.count);
  result.epochs.forEach((epoch, epochIndex) => {
    const stamp = epochIndex + 1;
    const sentCalls: number[] = [];
    let horizon = -1;
    for (const entry of epoch.entries) {
      const message = entry.kind === "original" ? session.messages[entry.index] : entry.message;
      if (entry.kind === "original") horizon = Math.max(horizon, entry.index);
      const first = entry.kind === "original" ? calls.partStart[entry.index] : -1;
      message.parts.forEach((part, partIndex) => {
        if (part.type !== "tool-call" && part.type !== "tool-result") return;
        const call = first >= 0 ? calls.numbers[first + partIndex] : (calls.numberOf.get(part.type === "tool-call" ? part.id : part.callId) ?? -1);
        if (part.type === "tool-call") {
          if (call >= 0 && callSentIn[call] !== stamp) {
            callSentIn[call] = stamp;
            sentCalls.push(call);
          }
          return;
        }
        if (call < 0) return;
        resultSentIn[call] = stamp;
        if (callSentIn[call] !== stamp && calls.callIndex[call] >= 0) {
          violations.push(`epoch ${epochIndex} (step ${epoch.step}): result of ${part.callId} in ${message.id} is sent without its call`);
        }
      });
    }
    for (const call of sentCalls) {
      const resultIndex = calls.resultIndex[call];
      if (resultIndex >= 0 && resultIndex <= horizon && resultSentIn[call] !== stamp) {
        violations.push(`epoch ${epochIndex} (step ${epoch.step}): call ${calls.ids[call]} is sent without its result (message ${session.messages[resultIndex].id})`);
      }
    }
  });
  const toolPairsIntact = violations.length === 0;

  const budgetReasons: string[] = [];
  const upFront = result.events.filter((event) => event.type === "warning" && event.step === 0 && event.code === "threshold-above-window");
  for (const event of result.events) {
    if (event.type !== "overflow") continue;
    const why = upFront.length > 0 ? upFront.map((warning) => (warning.type === "warning" ? warning.message : "")).join(" ") : `its trigger did not bring the context under the usable window before this call`;
    budgetReasons.push(`step ${event.step}: ${result.strategyId} sent ${event.tokens} tokens over the usable window ${event.usableWindow}: ${why}`);
  }
  for (const event of result.events) {
    if ((event.type !== "compaction-end" && event.type !== "trim") || event.fits) continue;
    const explanation = result.events.find((other) => other.type === "over-budget" && other.step === event.step);
    if (explanation?.type === "over-budget") budgetReasons.push(`step ${event.step}: ${result.strategyId}'s ${event.type} ended at ${event.tokensAfter} tokens over its budget ${event.budget}: ${explanation.reason}`);
    else violations.push(`step ${event.step}: ${event.type} ended at ${event.tokensAfter} tokens over its budget ${event.budget} with no over-budget event`);
  }
  const fitsBudget = budgetReasons.length === 0 && !violations.some((violation) => violation.includes("over its budget"));
  return { toolPairsIntact, fitsBudget, budgetReasons, violations };
}

/**
 * The session's tool call ids numbered once (in order of first appearance), so the check per epoch marks arrays by
 * number instead of hashing every id again in a set per epoch: `numbers[partStart[i] + p]` is the number of message
 * i's part p (-1 for a part that is neither a call nor a result); `callIndex` the last message that makes the call,
 * `resultIndex` the first that holds its result (-1: none).
 */
function numberedToolParts(session: Session) {
  const numberOf = new Map<string, number>();
  const ids: string[] = [];
  const callIndex: number[] = [];
  const resultIndex: number[] = [];
  const partStart = new Int32Array(session.messages.length);
  let parts = 0;
  session.messages.forEach((message, index) => {
    partStart[index] = parts;
    parts += message.parts.length;
  });
  const numbers = new Int32Array(parts).fill(-1);
  session.messages.forEach((message, index) => {
    message.parts.forEach((part, partIndex) => {
      if (part.type !== "tool-call" && part.type !== "tool-result") return;
      const id = part.type === "tool-call" ? part.id : part.callId;
      let call = numberOf.get(id);
      if (call === undefined) {
        call = ids.length;
        numberOf.set(id, call);
        ids.push(id);
        callIndex.push(-1);
        resultIndex.push(-1);
      }
      numbers[partStart[index] + partIndex] = call;
      if (part.type === "tool-call") callIndex[call] = index;
      else if (resultIndex[call] < 0) resultIndex[call] = index;
    });
  });
  return { numberOf, ids, callIndex, resultIndex, partStart, numbers, count: ids.length };
}
