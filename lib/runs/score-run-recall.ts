import type { ContinuationRecallSummary } from "../api/contracts/continuation-recall-summary";
import { summarizeContinuationRecall } from "../api/contracts/summarize-continuation-recall";
import { continuationFactSteps, type ContinuationFacts } from "../engine/evaluate/extract-continuation-facts";
import { planExam, type Exam } from "../engine/evaluate/plan-exam";
import { continuationRecallSteps } from "../engine/evaluate/score-continuation-recall";
import type { Session } from "../engine/model";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { runInSlices } from "./run-in-slices";

/**
 * A finished run's continuation recall on its comparison's exam, scored without holding the event loop: the
 * extraction (when `facts` is not given) and the scoring pause between steps, so a worker's heartbeat and cancel
 * checks keep running on a long session (a blocked loop would let the recovery sweep take the run for a dead
 * worker's). `baseline` is the session's `none` replay by the same estimator (its contexts choose the exam, and
 * scored without a window it gives the `uncompacted` figure); `examWindow` the smallest window of the comparison's
 * settings on this session (a single run: its own).
 */
export async function scoreRunRecall(options: { session: Session; result: ReplayResult; baseline: ReplayResult; examWindow?: number; facts?: ContinuationFacts }): Promise<ContinuationRecallSummary> {
  const facts = options.facts ?? (await runInSlices(continuationFactSteps(options.session)));
  const examWindow = options.examWindow ?? options.result.window;
  const exam = examOf({ baseline: options.baseline, window: examWindow });
  const report = await runInSlices(continuationRecallSteps({ session: options.session, result: options.result, facts, exam }));
  const uncompacted = await uncompactedRecall({ session: options.session, baseline: options.baseline, facts, exam, examWindow });
  return summarizeContinuationRecall(report, { uncompacted });
}

/**
 * Per process and for speed only: the `uncompacted` figure by baseline, facts and exam window (the exam is
 * `examOf` the baseline and that window, so the window names it) — the same for every
 * configuration of a session that shares them (a recommendation's 40 settings scored it 40 times per session).
 * Weakly held: it goes with the baseline and facts (a comparison's prepared session), whose objects are never
 * mutated.
 */
const uncompactedByBaseline = new WeakMap<ReplayResult, WeakMap<ContinuationFacts, Map<number, Promise<number | null>>>>();

/** The session's recall scored on its `none` replay without a window (the "no compaction" figure), remembered per baseline, facts and exam window. */
function uncompactedRecall(options: { session: Session; baseline: ReplayResult; facts: ContinuationFacts; exam: Exam; examWindow: number }): Promise<number | null> {
  const { baseline, facts, exam, examWindow: key } = options;
  let byFacts = uncompactedByBaseline.get(baseline);
  if (!byFacts) uncompactedByBaseline.set(baseline, (byFacts = new WeakMap()));
  let byExam = byFacts.get(facts);
  if (!byExam) byFacts.set(facts, (byExam = new Map()));
  const known = byExam.get(key);
  if (known) return known;
  const figure = runInSlices(continuationRecallSteps({ session: options.session, result: baseline, facts, exam, ignoreWindow: true, interval: false })).then((ceiling) => ceiling.overall);
  byExam.set(key, figure);
  figure.catch(() => byExam.delete(key));
  return figure;
}

/** The exam of a session (`planExam`) from its `none` replay: the same for every configuration that shares the estimator. */
export function examOf(options: { baseline: ReplayResult; window: number }): Exam {
  return planExam({ uncompactedTokens: options.baseline.steps.map((step) => step.contextTokens), window: options.window });
}

/** `extractContinuationFacts` without holding the event loop (see {@link scoreRunRecall}). */
export function extractRunFacts(session: Session): Promise<ContinuationFacts> {
  return runInSlices(continuationFactSteps(session));
}
