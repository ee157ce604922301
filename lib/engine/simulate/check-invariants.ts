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
  const resultIndexByCallId = new Map<string, number>();
  const callIndexByCallId = new Map<string, number>();
  session.messages.forEach((message, index) => {
    for (const part of message.parts) {
      if (part.type === "tool-result" && !resultIndexByCallId.has(part.callId)) resultIndexByCallId.set(part.callId, index);
      if (part.type === "tool-call") callIndexByCallId.set(part.id, index);
    }
  });

  const violations: string[] = [];
  result.epochs.forEach((epoch, epochIndex) => {
    const calls = new Set<string>();
    const results = new Set<string>();
    let horizon = -1;
    for (const entry of epoch.entries) {
      const message = entry.kind === "original" ? session.messages[entry.index] : entry.message;
      if (entry.kind === "original") horizon = Math.max(horizon, entry.index);
      for (const part of message.parts) {
        if (part.type === "tool-call") calls.add(part.id);
        if (part.type !== "tool-result") continue;
        results.add(part.callId);
        if (!calls.has(part.callId) && callIndexByCallId.has(part.callId)) {
          violations.push(`epoch ${epochIndex} (step ${epoch.step}): result of ${part.callId} in ${message.id} is sent without its call`);
        }
      }
    }
    for (const callId of calls) {
      const resultIndex = resultIndexByCallId.get(callId);
      if (resultIndex !== undefined && resultIndex <= horizon && !results.has(callId)) {
        violations.push(`epoch ${epochIndex} (step ${epoch.step}): call ${callId} is sent without its result (message ${session.messages[resultIndex].id})`);
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
