/** A cut the demo pauses at: a compaction (or trim) before model call `step`, its sizes, and the facts it lost. */
export interface DemoCut {
  step: number;
  kind: "compaction" | "trim";
  tokensBefore: number;
  tokensAfter: number;
  /** messages no longer sent after it, where the event says */
  messagesDropped: number | null;
  /** later-used facts the context no longer held after this cut (continuation recall), null when not scored there */
  lost: string[] | null;
  /** how many facts later messages use at this cut, and how many the context held */
  counted: number | null;
  present: number | null;
}

interface EventLike {
  type: string;
  step: number;
  tokensBefore?: number | null;
  tokensAfter?: number | null;
  messagesBefore?: number;
  messagesAfter?: number;
  messagesDropped?: number;
  summary?: string | null;
  opaque?: unknown;
}

/**
 * The cuts a demo of a run pauses at, by step (issue #42, item 12): every applied compaction and every trim, with its
 * before/after and — where the run's continuation recall scored that cut — what it lost. A compaction that fell back
 * (no summary, nothing opaque) changed nothing and is not a pause.
 */
export function demoCuts(options: { events: readonly EventLike[]; recallPoints: readonly { step: number | "final"; lost: readonly string[]; counted: number; present: number }[] }): Map<number, DemoCut> {
  const recallByStep = new Map(options.recallPoints.flatMap((point) => (typeof point.step === "number" ? [[point.step, point] as const] : [])));
  const cuts = new Map<number, DemoCut>();
  for (const event of options.events) {
    const applied = (event.type === "compaction-end" && (event.summary != null || event.opaque != null)) || event.type === "trim";
    if (!applied || cuts.has(event.step)) continue;
    const recall = recallByStep.get(event.step);
    cuts.set(event.step, {
      step: event.step,
      kind: event.type === "trim" ? "trim" : "compaction",
      tokensBefore: event.tokensBefore ?? 0,
      tokensAfter: event.tokensAfter ?? 0,
      messagesDropped: event.messagesDropped ?? (event.messagesBefore !== undefined && event.messagesAfter !== undefined ? event.messagesBefore - event.messagesAfter : null),
      lost: recall ? [...recall.lost] : null,
      counted: recall?.counted ?? null,
      present: recall?.present ?? null,
    });
  }
  return cuts;
}

/** Speeds the demo offers, in model calls per second. */
export const DEMO_SPEEDS = [1, 2, 5, 10, 25] as const;
export const DEFAULT_DEMO_SPEED = 5;

/**
 * The next step of a playing demo from `step` (of `lastStep`): the one after it, or null at the end. The caller
 * pauses when the step it lands on is a cut (`cuts.has`).
 */
export function nextDemoStep(step: number, lastStep: number): number | null {
  return step >= lastStep ? null : step + 1;
}

/** `?call=` of a link to a call: a whole number within the run's calls, else null (the link opens the run at its end). */
export function callFromParam(value: string | null, lastStep: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const call = Number(value);
  return call <= lastStep ? call : null;
}
