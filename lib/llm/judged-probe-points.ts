import type { Session } from "../engine/model";
import { contextAt } from "../engine/simulate/context-at";
import type { ReplayResult } from "../engine/simulate/replay-result";
import { renderTranscript } from "./render-transcript";

/** History sent to the question writer at most, in characters (about 60K tokens): its start and its end are kept. */
export const MAX_HISTORY_CHARS = 240_000;
/** Of a history over the cap, the share kept from its start (the rest from its end). */
const HEAD_SHARE = 0.7;

export interface JudgedProbePoint {
  /** the model call the compaction came before: its context is the compacted one */
  step: number;
  event: "compaction" | "trim";
  /** the session's messages before that call, as one transcript (capped at {@link MAX_HISTORY_CHARS}) */
  history: string;
  /** what that call was sent, as one transcript: summaries, kept messages, marks applied */
  context: string;
}

/**
 * The compactions (and trims) of a replay that judged probes ask about, at most `max`, spread evenly over the run
 * (the first and the last always among them when `max` ≥ 2), with the texts each role reads. Deterministic. A
 * history longer than {@link MAX_HISTORY_CHARS} keeps its first 70% and its last 30% of that with a marker between,
 * so the question writer still sees both what was said early (what compaction loses first) and where the work stood.
 */
export function judgedProbePoints(options: { session: Session; result: ReplayResult; max: number }): { points: JudgedProbePoint[]; compactionsInRun: number } {
  const cuts = options.result.events.flatMap((event) =>
    (event.type === "compaction-end" || event.type === "trim") && event.step < options.result.steps.length
      ? [{ step: event.step, event: event.type === "trim" ? ("trim" as const) : ("compaction" as const) }]
      : [],
  );
  const chosen = spreadEvenly(cuts, Math.max(0, Math.floor(options.max)));
  const points = chosen.map((cut) => {
    const before = options.session.messages.slice(0, options.result.steps[cut.step].messageIndex);
    const snapshot = contextAt(options.session, options.result, cut.step);
    return {
      step: cut.step,
      event: cut.event,
      history: capHistory(renderTranscript(before)),
      context: renderTranscript(snapshot.messages.map((entry) => entry.message)),
    };
  });
  return { points, compactionsInRun: cuts.length };
}

function spreadEvenly<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  if (max === 1) return [items[items.length - 1]];
  return Array.from({ length: max }, (_, index) => items[Math.round((index * (items.length - 1)) / (max - 1))]);
}

function capHistory(text: string): string {
  if (text.length <= MAX_HISTORY_CHARS) return text;
  const head = Math.floor(MAX_HISTORY_CHARS * HEAD_SHARE);
  const tail = MAX_HISTORY_CHARS - head;
  return `${text.slice(0, head)}\n\n[… ${(text.length - head - tail).toLocaleString("en-US")} characters of the middle left out …]\n\n${text.slice(text.length - tail)}`;
}
