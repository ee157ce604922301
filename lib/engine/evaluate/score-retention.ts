import type { Session } from "../model";
import { contextAt, finalContext, type ContextSnapshot } from "../simulate/context-at";
import type { ReplayResult } from "../simulate/replay-result";
import { compileUserProbePattern } from "./compile-user-probe-pattern";
import { indexedContextText, sessionTextIndex, wholeContextText, type PointText } from "./session-text-index";
import { PROBE_KINDS, PROBE_WEIGHTS, type Probe, type ProbeKind } from "./probe";

export interface KindRetention {
  /** probes of the kind that had appeared by the point */
  counted: number;
  retained: number;
  /** retained / counted, null when none counted */
  score: number | null;
}

export interface RetentionPoint {
  /** the step whose context was scored, or "final" */
  step: number | "final";
  /** weighted share of counted probes retained (Σ weight of retained / Σ weight of counted), null when none counted */
  overall: number | null;
  counted: number;
  retained: number;
  byKind: Record<ProbeKind, KindRetention>;
  /** ids of counted probes that are not in the context */
  lostProbeIds: string[];
}

export interface RetentionReport {
  final: RetentionPoint;
  /** one per compaction or trim, in order: the context of the first call that sees its result */
  compactions: (RetentionPoint & { event: "compaction-end" | "trim"; eventStep: number })[];
}

/**
 * How much of what the agent would need a replay keeps. A probe counts at a point when it had appeared by then
 * (`probe.firstStep <= step`; every probe counts at the end) and is retained when its normalised text occurs in
 * the normalised text the model is sent there (see `contextText`): the final context, and after each
 * compaction-end or trim event the context of the step it belongs to (a compaction after the last call is scored
 * on the final context). Each point's context is read as its head (summaries, marked and other messages: their text
 * built and searched) and its last run of the session's own messages, consecutive and unmarked, whose probes are
 * looked up in the session's index (`sessionTextIndex`: the session's normalised text and each probe's occurrences
 * in it, built once per session and probe set), plus the seam between the two — the same answers as searching the
 * whole text; with a user regex probe every point's text is built whole. Cost: O(session × probes) once, then
 * O(points × (head + probes × (head search + log occurrences))). A probe that appears in the context only through a summary counts as retained — that is
 * the point of a summary. A user regex probe (`probe.regex`) is retained when its pattern matches the normalised
 * context text (compiled once per call; a pattern that does not compile throws, naming it); a probe whose
 * normalised text is empty is never retained.
 *
 * Synchronous: a trim-heavy replay of a long session has thousands of points (12,000 generated messages under
 * trim-messages: 5,805 points, 23 s), so a server scores with {@link scoreRetentionSteps} through an async driver (lib/compare/score-retention-async.ts)
 * that lets timers and a cancel in between.
 */
export function scoreRetention(options: ScoreRetentionOptions): RetentionReport {
  const scoring = scoreRetentionSteps(options);
  let next = scoring.next();
  while (!next.done) next = scoring.next();
  return next.value;
}

export interface ScoreRetentionOptions {
  session: Session;
  result: ReplayResult;
  probes: readonly Probe[];
  /**
   * score the final context only (`compactions` is then empty): for a caller that reads `final` alone, such as
   * `npm run quality` — on a long session each compaction point is a search of a whole context
   */
  finalOnly?: boolean;
}

/**
 * Yielded by {@link scoreRetentionSteps} after each point's context text and every {@link SCORING_PAUSE_EVERY}
 * probes, resumed with nothing. Where the pauses fall changes nothing in the report.
 */
export const SCORING_PAUSE = Object.freeze({ scoringPause: true as const });
export const SCORING_PAUSE_EVERY = 64;

/** {@link scoreRetention} as a generator that pauses between pieces of work (see {@link SCORING_PAUSE}). */
export function* scoreRetentionSteps(options: ScoreRetentionOptions): Generator<typeof SCORING_PAUSE, RetentionReport, void> {
  const { session, result, probes } = options;
  const regexById = new Map(probes.flatMap((probe) => (probe.regex === undefined ? [] : [[probe.id, compileUserProbePattern(probe.regex)] as const])));
  const isIn = (probe: Probe, text: PointText) => {
    const regex = regexById.get(probe.id);
    return regex ? regex.test(text.whole()) : probe.normalized.length > 0 && text.has(probe.normalized);
  };
  // without regex probes (which may match anywhere), the contexts' runs of the session's own messages are looked up
  // in the session's index, built once per session for these probes: most of a context is such a run
  const index = regexById.size === 0 ? sessionTextIndex(session, probes) : null;
  const longest = probes.reduce((most, probe) => Math.max(most, probe.normalized.length), 1);
  const textOf = (snapshot: ContextSnapshot) => (index ? indexedContextText({ snapshot, session, index, longest }) : wholeContextText(snapshot));
  const final = yield* scorePoint({ snapshot: finalContext(session, result), probes, upToStep: Infinity, isIn, textOf });
  const compactions: RetentionReport["compactions"] = [];
  for (const event of options.finalOnly ? [] : result.events) {
    if (event.type !== "compaction-end" && event.type !== "trim") continue;
    yield SCORING_PAUSE;
    const snapshot = event.step < result.steps.length ? contextAt(session, result, event.step) : finalContext(session, result);
    const upToStep = snapshot.step === "final" ? Infinity : event.step;
    compactions.push({ ...(yield* scorePoint({ snapshot, probes, upToStep, isIn, textOf })), event: event.type, eventStep: event.step });
  }
  return { final, compactions };
}

function* scorePoint(options: {
  snapshot: ContextSnapshot;
  probes: readonly Probe[];
  upToStep: number;
  isIn: (probe: Probe, text: PointText) => boolean;
  textOf: (snapshot: ContextSnapshot) => PointText;
}): Generator<typeof SCORING_PAUSE, RetentionPoint, void> {
  const text = options.textOf(options.snapshot);
  yield SCORING_PAUSE;
  const byKind = Object.fromEntries(PROBE_KINDS.map((kind) => [kind, { counted: 0, retained: 0, score: null }])) as Record<ProbeKind, KindRetention>;
  const lostProbeIds: string[] = [];
  let weightCounted = 0;
  let weightRetained = 0;
  let checked = 0;
  for (const probe of options.probes) {
    if (probe.firstStep > options.upToStep) continue;
    if (++checked % SCORING_PAUSE_EVERY === 0) yield SCORING_PAUSE;
    const weight = PROBE_WEIGHTS[probe.kind];
    byKind[probe.kind].counted++;
    weightCounted += weight;
    if (options.isIn(probe, text)) {
      byKind[probe.kind].retained++;
      weightRetained += weight;
    } else lostProbeIds.push(probe.id);
  }
  let counted = 0;
  let retained = 0;
  for (const kind of PROBE_KINDS) {
    const entry = byKind[kind];
    entry.score = entry.counted ? entry.retained / entry.counted : null;
    counted += entry.counted;
    retained += entry.retained;
  }
  return {
    step: options.snapshot.step,
    overall: weightCounted ? weightRetained / weightCounted : null,
    counted,
    retained,
    byKind,
    lostProbeIds,
  };
}
