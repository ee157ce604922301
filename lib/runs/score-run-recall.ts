import { summarizeContinuationRecall, type ContinuationRecallSummary } from "../api/contracts/continuation-recall-summary";
import { continuationFactSteps, type ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import { continuationRecallSteps } from "../engine/evaluate/score-continuation-recall";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";

/**
 * A finished run's continuation recall, scored without holding the event loop: the extraction (when `facts` is not
 * given) and the scoring pause between steps, so a worker's heartbeat and cancel checks keep running on a long
 * session (a blocked loop would let the recovery sweep take the run for a dead worker's).
 */
export async function scoreRunRecall(options: { session: Session; result: ReplayResult; facts?: ContinuationFacts }): Promise<ContinuationRecallSummary> {
  const facts = options.facts ?? (await drain(continuationFactSteps(options.session)));
  return summarizeContinuationRecall(await drain(continuationRecallSteps({ session: options.session, result: options.result, facts })));
}

/** `extractContinuationFacts` without holding the event loop (see {@link scoreRunRecall}). */
export function extractRunFacts(session: Session): Promise<ContinuationFacts> {
  return drain(continuationFactSteps(session));
}

/** The longest stretch the steps run before the event loop gets a turn (a turn per step cost more than the steps). */
const SLICE_MS = 20;

/** Runs the steps in slices of about {@link SLICE_MS} ms, with a turn of the event loop between slices. */
async function drain<T>(steps: Generator<void, T>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
