import type { Message, Session } from "../model";
import { followContexts } from "../simulate/context-at";
import type { ReplayResult } from "../simulate/replay-result";
import { bootstrapRecall } from "./bootstrap-recall";
import { CONTINUATION_KINDS, type ContinuationKind } from "./continuation-recognizers";
import { factMatcher } from "./fact-matcher";
import type { ContinuationFacts } from "./extract-continuation-facts";
import type { Exam } from "./plan-exam";

/** Points scored per run at most: every compaction and trim up to this, then prunes up to the rest (and at least {@link MIN_PRUNE_POINTS}). */
export const MAX_RECALL_POINTS = 64;
const MIN_PRUNE_POINTS = 16;
/** lost facts listed per point (the count is always whole) */
const MAX_LOST_LISTED = 12;

export interface KindRecall {
  counted: number;
  present: number;
}

export interface RecallPoint {
  /** the model call whose context was scored: the first call after the event */
  step: number | "final";
  /** what cut the context there */
  event: "compaction" | "trim" | "fallback" | "prune";
  /** facts that had appeared before the cut and that a later message uses */
  counted: number;
  present: number;
  /** mean over the kinds that counted of present / counted; null when none counted */
  recall: number | null;
  byKind: Record<ContinuationKind, KindRecall>;
  /** some of the facts missing from the context (kind: key), in order of first appearance */
  lost: string[];
}

/** One checkpoint of the exam: the same model call for every configuration of a comparison. */
export interface ExamPoint {
  step: number;
  /** facts that had appeared before the call and that a later message uses */
  counted: number;
  /** of them, held by the context the call was sent (0 when the call was refused) */
  present: number;
  recall: number | null;
  byKind: Record<ContinuationKind, KindRecall>;
  /** the context was over the window there: the provider would refuse the call, so every fact counts as lost */
  refused: boolean;
  lost: string[];
}

export interface ContinuationRecallReport {
  /**
   * the run's figure. With an exam: over its checkpoints, the mean over kinds of present / counted (each kind's
   * counts summed over the checkpoints), a refused checkpoint holding nothing. Without one (callers that have no
   * uncompacted baseline): the same over the cut points; 1 when nothing was ever cut. Null when no fact counted.
   */
  overall: number | null;
  /** 95% bootstrap interval of `overall` over the checkpoints (over the cut points without an exam) */
  low: number | null;
  high: number | null;
  counted: number;
  present: number;
  byKind: Record<ContinuationKind, KindRecall>;
  /** the exam scored (null: scored at the run's own cuts only) */
  exam: Exam | null;
  /** one per checkpoint of the exam, in step order (empty without an exam) */
  checkpoints: ExamPoint[];
  /** checkpoints whose call would have been refused (context over the window) */
  refused: number;
  /** the per-cut view: one per scored event, in step order */
  points: RecallPoint[];
  /** events that cut the context (before sampling down to {@link MAX_RECALL_POINTS}) */
  events: number;
}

/**
 * Continuation recall: the facts the session's later messages actually use (`extractContinuationFacts`) that the
 * context still holds. The ground truth is what the agent did next, not what any strategy (or the lab's own probe
 * extractor) thinks matters. A word fact is present when the context holds it as a word, a file when a message of
 * the context names its last two segments, a command when a message holds its first line.
 *
 * With an `exam` (`planExam`: the same model calls for every configuration of a comparison), the figure is taken
 * at its checkpoints: at each, the facts first seen before the call and used after it, and the share of them in the
 * context the call was sent. A call whose context exceeds the replay's window would be refused by the provider:
 * that checkpoint counts every fact as lost and is reported in `refused` (so `none` is graded too, and loses where
 * the session outgrows the window). Every row of one comparison then counts the same facts.
 *
 * The per-cut view (`points`) stays as a detail: at each point where the replay cut its context (a compaction, a
 * trim, a fallback, a prune), the same measure at the next call; more than {@link MAX_RECALL_POINTS} are sampled
 * evenly (compactions first). Without an exam it is also the figure (the older definition).
 * `low` / `high` are a seeded bootstrap over the checkpoints (`bootstrapRecall`). Throws a RangeError for a
 * checkpoint the replay did not reach (an exam of another session). Cost: O((points + checkpoints) × context).
 */
export function scoreContinuationRecall(options: ScoreRecallOptions): ContinuationRecallReport {
  const steps = continuationRecallSteps(options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export interface ScoreRecallOptions {
  session: Session;
  result: ReplayResult;
  facts: ContinuationFacts;
  /** the comparison's exam; left out, the run is scored at its own cuts only */
  exam?: Exam;
  /** score the exam as if no call were refused (the uncompacted ceiling a relative floor is measured from) */
  ignoreWindow?: boolean;
  /**
   * false: skip the bootstrap (`low` / `high` null) — for a figure only its `overall` is read from, such as the
   * uncompacted ceiling, where the 1,000 resamples would be thrown away
   */
  interval?: boolean;
}

/**
 * {@link scoreContinuationRecall} one point at a time: yields after each scored point and returns the report, so a
 * caller that must keep its event loop turning (a worker's heartbeat) can pause between points.
 */
export function* continuationRecallSteps(options: ScoreRecallOptions): Generator<void, ContinuationRecallReport> {
  const { session, result, facts } = options;
  const events = cutEvents(result);
  const boundaries = boundaryOfStep(facts.firstStepByIndex);
  const lookup = factLookup(session, facts);
  const sampled = samplePoints(events);
  const examSteps = options.exam?.checkpoints ?? [];
  for (const step of examSteps) {
    if (!result.steps[step]) throw new RangeError(`checkpoint ${step} is out of range (the replay has ${result.steps.length} steps)`);
  }
  // the cut points and the checkpoints in one walk in step order: each context is followed from the one before,
  // whichever list asked for it, and read once when both ask for the same call
  const heldAt = heldFollower({ session, result, facts, lookup });
  const points: RecallPoint[] = [];
  const checkpoints: ExamPoint[] = [];
  const pointAt = (index: number): number | "final" => (sampled[index].step < result.steps.length ? sampled[index].step : "final");
  const order = (at: number | "final") => (at === "final" ? Infinity : at);
  for (let point = 0, checkpoint = 0; point < sampled.length || checkpoint < examSteps.length; ) {
    const at = point < sampled.length && (checkpoint >= examSteps.length || order(pointAt(point)) <= examSteps[checkpoint]) ? pointAt(point) : examSteps[checkpoint];
    let heldHere: Uint8Array | null = null;
    const held = () => (heldHere ??= heldAt(at));
    for (; point < sampled.length && pointAt(point) === at; point++) {
      const scored = scorePoint({ held: held(), facts, last: at === "final" ? session.messages.length - 1 : boundaries(at) });
      points.push({ step: at, event: sampled[point].event, counted: scored.counted, present: scored.present, recall: scored.recall, byKind: scored.byKind, lost: scored.lost });
      yield;
    }
    for (; checkpoint < examSteps.length && examSteps[checkpoint] === at; checkpoint++) {
      const step = examSteps[checkpoint];
      const refused = !options.ignoreWindow && result.steps[step].contextTokens > result.window;
      // a refused call's context holds nothing
      const scored = scorePoint({ held: refused ? new Uint8Array(facts.facts.length) : held(), facts, last: boundaries(step) });
      checkpoints.push({ step, counted: scored.counted, present: scored.present, recall: scored.recall, byKind: scored.byKind, refused, lost: scored.lost });
      yield;
    }
  }
  const graded: readonly { counted: number; present: number; byKind: Record<ContinuationKind, KindRecall> }[] = options.exam ? checkpoints : points;
  const total = emptyByKind();
  for (const point of graded) {
    for (const kind of CONTINUATION_KINDS) {
      total[kind].counted += point.byKind[kind].counted;
      total[kind].present += point.byKind[kind].present;
    }
  }
  const counted = graded.reduce((sum, point) => sum + point.counted, 0);
  const present = graded.reduce((sum, point) => sum + point.present, 0);
  // the older definition: a run that never cut holds the whole session
  const overall = !options.exam && events.length === 0 ? 1 : meanOverKinds(total);
  const interval =
    !options.exam && events.length === 0 ? { low: 1, high: 1 } : options.interval === false ? { low: null, high: null } : bootstrapRecall({ sessions: [graded.map((point) => point.byKind)] });
  return {
    overall,
    ...interval,
    counted,
    present,
    byKind: total,
    exam: options.exam ? { ...options.exam, checkpoints: [...options.exam.checkpoints] } : null,
    checkpoints,
    refused: checkpoints.filter((point) => point.refused).length,
    points,
    events: events.length,
  };
}

type CutEvent = { step: number; event: RecallPoint["event"] };

/** One event per step that cut the context, the strongest kind when a step has several. */
function cutEvents(result: ReplayResult): CutEvent[] {
  const rank: Record<RecallPoint["event"], number> = { prune: 0, fallback: 1, trim: 2, compaction: 3 };
  const byStep = new Map<number, RecallPoint["event"]>();
  for (const event of result.events) {
    const kind: RecallPoint["event"] | null =
      event.type === "compaction-end" ? "compaction" : event.type === "trim" ? "trim" : event.type === "fallback" ? "fallback" : event.type === "prune" ? "prune" : null;
    if (kind === null) continue;
    const current = byStep.get(event.step);
    if (current === undefined || rank[kind] > rank[current]) byStep.set(event.step, kind);
  }
  return [...byStep].map(([step, event]) => ({ step, event })).sort((a, b) => a.step - b.step);
}

function samplePoints(events: readonly CutEvent[]): CutEvent[] {
  const compactions = events.filter((event) => event.event !== "prune");
  const prunes = events.filter((event) => event.event === "prune");
  const keptCompactions = evenly(compactions, MAX_RECALL_POINTS);
  const keptPrunes = evenly(prunes, Math.max(MIN_PRUNE_POINTS, MAX_RECALL_POINTS - keptCompactions.length));
  return [...keptCompactions, ...keptPrunes].sort((a, b) => a.step - b.step);
}

/** At most `count` items, evenly spaced, always including the last. */
function evenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.round(((index + 1) * items.length) / count) - 1]);
}

/** For a step, the index of the last session message its context can hold (the messages before its call). */
function boundaryOfStep(firstStepByIndex: readonly number[]): (step: number) => number {
  return (step) => {
    // firstStepByIndex is non-decreasing: binary search for the last index whose first step is ≤ step
    let low = 0;
    let high = firstStepByIndex.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (firstStepByIndex[middle] <= step) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
}

/**
 * Counts the facts a context message holds into `counts` (`by`: 1 for a message that entered the context, -1 for one
 * that left): the session's own messages, unmarked, from what extraction matched (`ContinuationFacts.heldFacts`);
 * anything else (a summary, a marked message) by the matcher, once per message object.
 */
function factLookup(session: Session, facts: ContinuationFacts): (message: Message, sessionIndex: number | null, counts: Int32Array, by: number) => void {
  const matcher = factMatcher(facts.facts);
  const { heldStart, heldFacts } = facts;
  if (heldStart.length !== session.messages.length + 1) throw new RangeError(`the facts were extracted from a session of ${heldStart.length - 1} messages, not this one of ${session.messages.length}`);
  return (message, index, counts, by) => {
    if (index !== null && message === session.messages[index]) {
      for (let at = heldStart[index]; at < heldStart[index + 1]; at++) counts[heldFacts[at]] += by;
    } else for (const fact of matcher(message)) counts[fact] += by;
  };
}

/**
 * Which facts the contexts of a run hold (1 at a fact's index), asked in step order: each context is read as what
 * changed since the last one (`followContexts`), with a count per fact of the context's messages that hold it, so a
 * message is looked up once per version, not once per context that holds it (128 contexts of ~1,500 messages each
 * on the bench session).
 */
function heldFollower(options: { session: Session; result: ReplayResult; facts: ContinuationFacts; lookup: ReturnType<typeof factLookup> }): (step: number | "final") => Uint8Array {
  const follow = followContexts(options.session, options.result);
  const counts = new Int32Array(options.facts.facts.length);
  const { lookup } = options;
  const changes = { add: (message: Message, sessionIndex: number | null) => lookup(message, sessionIndex, counts, 1), remove: (message: Message, sessionIndex: number | null) => lookup(message, sessionIndex, counts, -1) };
  return (step) => {
    const before = counts.slice();
    if (follow(step, changes) === "whole") {
      // started over: every message was counted again on top of the previous context's counts
      for (let fact = 0; fact < counts.length; fact++) counts[fact] -= before[fact];
    }
    const held = new Uint8Array(counts.length);
    for (let fact = 0; fact < counts.length; fact++) held[fact] = counts[fact] > 0 ? 1 : 0;
    return held;
  };
}

function scorePoint(options: { held: Uint8Array; facts: ContinuationFacts; last: number }) {
  const { held, facts, last } = options;
  const byKind = emptyByKind();
  const lost: string[] = [];
  facts.facts.forEach((fact, index) => {
    if (fact.firstIndex > last || fact.lastUse <= last) return;
    byKind[fact.kind].counted++;
    if (held[index] === 1) byKind[fact.kind].present++;
    else if (lost.length < MAX_LOST_LISTED) lost.push(`${fact.kind}: ${fact.key}`);
  });
  let counted = 0;
  let present = 0;
  for (const kind of CONTINUATION_KINDS) {
    counted += byKind[kind].counted;
    present += byKind[kind].present;
  }
  return { counted, present, recall: meanOverKinds(byKind), byKind, lost };
}

function emptyByKind(): Record<ContinuationKind, KindRecall> {
  return Object.fromEntries(CONTINUATION_KINDS.map((kind) => [kind, { counted: 0, present: 0 }])) as Record<ContinuationKind, KindRecall>;
}

/** The mean over kinds that counted of present / counted: the many identifiers of a code base do not drown the few files and commands. */
function meanOverKinds(byKind: Record<ContinuationKind, KindRecall>): number | null {
  const shares = CONTINUATION_KINDS.flatMap((kind) => (byKind[kind].counted > 0 ? [byKind[kind].present / byKind[kind].counted] : []));
  return shares.length === 0 ? null : shares.reduce((sum, share) => sum + share, 0) / shares.length;
}
