import { summarizeContinuationRecall, type ContinuationRecallSummary } from "../api/contracts/continuation-recall-summary";
import { continuationFactSteps, type ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import { continuationRecallSteps } from "../engine/evaluate/score-continuation-recall";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { runInSlices } from "./run-in-slices";

/**
 * A finished run's continuation recall, scored without holding the event loop: the extraction (when `facts` is not
 * given) and the scoring pause between steps, so a worker's heartbeat and cancel checks keep running on a long
 * session (a blocked loop would let the recovery sweep take the run for a dead worker's).
 */
export async function scoreRunRecall(options: { session: Session; result: ReplayResult; facts?: ContinuationFacts }): Promise<ContinuationRecallSummary> {
  const facts = options.facts ?? (await runInSlices(continuationFactSteps(options.session)));
  return summarizeContinuationRecall(await runInSlices(continuationRecallSteps({ session: options.session, result: options.result, facts })));
}

/** `extractContinuationFacts` without holding the event loop (see {@link scoreRunRecall}). */
export function extractRunFacts(session: Session): Promise<ContinuationFacts> {
  return runInSlices(continuationFactSteps(session));
}
