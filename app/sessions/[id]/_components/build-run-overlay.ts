import type { PartMark } from "@/lib/engine/model";
import type { CompactionEndEvent, CompactionStartEvent, ProtectedRegion, PruneEvent, ReplayEvent, TrimEvent } from "@/lib/engine/simulate/replay-events";
import type { ReplayResult } from "@/lib/engine/simulate/replay-result";

/** A compaction or trim as the timeline shows it: a pivot card above the message its model call produced. */
export interface Pivot {
  step: number;
  end: CompactionEndEvent | TrimEvent;
  start: CompactionStartEvent | null;
  /** the first session message kept verbatim after it (the cut point), when known */
  firstKeptIndex: number | null;
}

/** What one timeline row draws for the selected run; shared objects so memoized rows re-render only on change. */
export interface RowOverlay {
  /** the model no longer sees this message at the viewed step */
  dropped: boolean;
  pivots: readonly Pivot[];
  prunes: readonly PruneEvent[];
  /** this message is the first kept after these pivots' cut */
  cutOf: readonly Pivot[];
  /** marks in force at the viewed step, by part index */
  marks: ReadonlyMap<number, PartMark>;
  /** this message's model call is step n (for "compact here") */
  step: number | null;
  /** labels of the protected tails this message lies in, at the viewed step */
  protectedBy: readonly string[];
  /** labels of the protected tails that start at this message (the band's first row) */
  protectedStarts: readonly string[];
  /** protected tool parts of this message, by part index → label */
  protectedParts: ReadonlyMap<number, string>;
  /** the split-turn prefixes this message belongs to: summarized on their own while the turn's rest was kept */
  splitTurnOf: readonly Pivot[];
}

/** The protection in force at the viewed step: the newest step ≤ it whose prune or compaction reported any. */
export interface ProtectionView {
  step: number;
  /** messages before this index were in the context the protection was decided on */
  horizon: number;
  regions: readonly ProtectedRegion[];
}

export interface RunOverlay {
  /** the run drawn (for the pivot cards' full summaries), when known */
  runId: string | null;
  /** model calls in the run: a pivot at this step came after the last one */
  stepCount: number;
  /** the step whose context is shown ("final" = after the last message) */
  viewStep: number | "final";
  row(index: number, messageId: string | undefined): RowOverlay;
  pivots: readonly Pivot[];
  droppedCount: number;
  protection: ProtectionView | null;
}

const EMPTY: readonly never[] = [];
const NO_MARKS: ReadonlyMap<number, PartMark> = new Map();
const NO_PARTS: ReadonlyMap<number, string> = new Map();

/**
 * Indexes a run's result for the timeline: which messages the model still sees at `viewStep` (the epoch
 * prefix), the marks in force then, where each compaction sits and where its cut fell. O(messages + marks +
 * events); rows then look up in O(1).
 */
export function buildRunOverlay(options: { result: ReplayResult; messageCount: number; viewStep: number | "final"; runId?: string }): RunOverlay {
  const { result, messageCount, viewStep } = options;
  const atStep = viewStep === "final" ? Infinity : viewStep;
  const record = viewStep === "final" ? result.final : result.steps[viewStep] ?? result.final;
  // messages before the viewed call: those are the ones it could have seen
  const horizon = viewStep === "final" || !result.steps[viewStep] ? messageCount : result.steps[viewStep].messageIndex;

  const seen = new Uint8Array(messageCount);
  for (const entry of result.epochs[record.epoch]?.entries.slice(0, record.length) ?? []) {
    if (entry.kind === "original" && entry.index < messageCount) seen[entry.index] = 1;
  }
  let droppedCount = 0;
  for (let index = 0; index < horizon; index++) if (!seen[index]) droppedCount++;

  const marksById = new Map<string, Map<number, PartMark>>();
  for (const mark of result.marks) {
    if (mark.mark.step > atStep) continue;
    let byPart = marksById.get(mark.messageId);
    if (!byPart) marksById.set(mark.messageId, (byPart = new Map()));
    const current = byPart.get(mark.partIndex);
    if (!current || current.step <= mark.mark.step) byPart.set(mark.partIndex, mark.mark);
  }

  const anchorOf = (step: number) => Math.min(result.steps[step]?.messageIndex ?? messageCount - 1, messageCount - 1);
  const stepByIndex = new Map<number, number>();
  for (const step of result.steps) stepByIndex.set(step.messageIndex, step.step);

  const pivots = collectPivots(result);
  const pivotsByIndex = groupBy(pivots, (pivot) => anchorOf(pivot.step));
  const cutsByIndex = groupBy(
    pivots.filter((pivot) => pivot.firstKeptIndex !== null),
    (pivot) => pivot.firstKeptIndex!,
  );
  const cutsById = new Map<string, Pivot[]>();
  for (const pivot of pivots) {
    const id = pivot.end.firstKeptMessageId;
    if (id && pivot.firstKeptIndex === null) cutsById.set(id, [...(cutsById.get(id) ?? []), pivot]);
  }
  const prunes = result.events.filter((event): event is PruneEvent => event.type === "prune");
  const prunesByIndex = groupBy(prunes, (event) => anchorOf(event.step));

  const protection = protectionAt(result, atStep, messageCount);
  const tails = (protection?.regions ?? []).filter((region) => region.kind === "tail");
  const partsById = new Map<string, Map<number, string>>();
  for (const region of protection?.regions ?? []) {
    if (region.kind !== "parts") continue;
    for (const part of region.parts) {
      let byPart = partsById.get(part.messageId);
      if (!byPart) partsById.set(part.messageId, (byPart = new Map()));
      byPart.set(part.partIndex, byPart.has(part.partIndex) ? `${byPart.get(part.partIndex)}; ${region.label}` : region.label);
    }
  }
  // split-turn prefixes: [fromIndex, first kept) of each pivot that reports one; few, so a scan per row is cheap
  const splitTurns = pivots.flatMap((pivot) =>
    pivot.end.type === "compaction-end" && pivot.end.splitTurn
      ? [{ pivot, from: pivot.end.splitTurn.fromIndex, to: pivot.firstKeptIndex ?? pivot.end.splitTurn.fromIndex + pivot.end.splitTurn.messages }]
      : [],
  );

  const cache = new Map<number, RowOverlay>();
  return {
    runId: options.runId ?? null,
    stepCount: result.steps.length,
    viewStep,
    pivots,
    droppedCount,
    protection,
    row(index, messageId) {
      const cached = cache.get(index);
      if (cached) return cached;
      const row: RowOverlay = {
        dropped: index < horizon && !seen[index],
        pivots: pivotsByIndex.get(index) ?? EMPTY,
        prunes: prunesByIndex.get(index) ?? EMPTY,
        cutOf: cutsByIndex.get(index) ?? (messageId ? cutsById.get(messageId) : undefined) ?? EMPTY,
        marks: (messageId && marksById.get(messageId)) || NO_MARKS,
        step: stepByIndex.get(index) ?? null,
        protectedBy: protection && index < protection.horizon ? labelsOf(tails.filter((tail) => tail.fromIndex <= index)) : EMPTY,
        protectedStarts: labelsOf(tails.filter((tail) => tail.fromIndex === index)),
        protectedParts: (messageId && partsById.get(messageId)) || NO_PARTS,
        splitTurnOf: nonEmpty(splitTurns.filter((split) => split.from <= index && index < split.to).map((split) => split.pivot)),
      };
      cache.set(index, row);
      return row;
    },
  };
}

/**
 * The protection to draw at `atStep`: the regions reported by the newest step at or before it (its prunes,
 * compactions and trims together) — an older step's protection describes a context that has since moved on.
 * Null when the strategy reported none (strategies without protection, or runs stored before it existed).
 */
export function protectionAt(result: ReplayResult, atStep: number, messageCount: number): ProtectionView | null {
  let step = -1;
  for (const event of result.events as ReplayEvent[]) {
    if (event.step > atStep) break;
    if ((event.type === "prune" || event.type === "compaction-end" || event.type === "trim") && event.protected?.length) step = event.step;
  }
  if (step < 0) return null;
  const regions: ProtectedRegion[] = [];
  const seen = new Set<string>();
  for (const event of result.events as ReplayEvent[]) {
    if (event.step !== step || (event.type !== "prune" && event.type !== "compaction-end" && event.type !== "trim")) continue;
    for (const region of event.protected ?? []) {
      // nous reports its keep-last rule on both its soft-trim and hard-clear events
      const key = JSON.stringify(region);
      if (!seen.has(key)) regions.push(region);
      seen.add(key);
    }
  }
  return { step, horizon: Math.min(result.steps[step]?.messageIndex ?? messageCount, messageCount), regions };
}

function labelsOf(tails: readonly ProtectedRegion[]): readonly string[] {
  return tails.length === 0 ? EMPTY : tails.map((tail) => tail.label);
}

function nonEmpty<T>(items: T[]): readonly T[] {
  return items.length === 0 ? EMPTY : items;
}

/** Compaction ends and trims with their start event; the cut is the first original message of the epoch each began. */
export function collectPivots(result: ReplayResult): Pivot[] {
  const pivots: Pivot[] = [];
  let start: CompactionStartEvent | null = null;
  for (const event of result.events as ReplayEvent[]) {
    if (event.type === "compaction-start") start = event;
    if (event.type !== "compaction-end" && event.type !== "trim") continue;
    pivots.push({ step: event.step, end: event, start: event.type === "compaction-end" ? start : null, firstKeptIndex: null });
    if (event.type === "compaction-end") start = null;
  }
  // epochs after the first start at a compaction; match them in order of step
  const epochs = result.epochs.slice(1);
  let epochCursor = 0;
  for (const pivot of pivots) {
    while (epochCursor < epochs.length && epochs[epochCursor].step < pivot.step) epochCursor++;
    const epoch = epochs[epochCursor];
    if (!epoch || epoch.step !== pivot.step) continue;
    pivot.firstKeptIndex = cutIndexOf(epoch.entries);
    epochCursor++;
  }
  return pivots;
}

/**
 * The first message kept verbatim after a compaction's cut: the first original after the last synthetic
 * message (the summary), else — a trim keeps a head — the first original after a gap, else the first.
 */
function cutIndexOf(entries: ReplayResult["epochs"][number]["entries"]): number | null {
  let lastSynthetic = -1;
  entries.forEach((entry, position) => {
    if (entry.kind === "synthetic") lastSynthetic = position;
  });
  const originals = entries.slice(lastSynthetic + 1).flatMap((entry) => (entry.kind === "original" ? [entry.index] : []));
  if (originals.length === 0) return null;
  if (lastSynthetic >= 0) return originals[0];
  const gap = originals.findIndex((index, position) => position > 0 && index !== originals[position - 1] + 1);
  return gap > 0 ? originals[gap] : originals[0];
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** "−42%" for a before → after pair (empty when before is 0). */
export function percentChange(before: number, after: number): string {
  if (before <= 0) return "";
  const change = Math.round(((after - before) / before) * 100);
  return change <= 0 ? `−${Math.abs(change)}%` : `+${change}%`;
}
