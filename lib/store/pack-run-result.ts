import type { ContextEpoch, ReplayResult } from "../engine/simulate/replay-result";
import { lineDelta, type LineDeltaOp } from "./line-delta";

/**
 * The marker of a result stored packed (`storedAs`, a top-level key the engine never writes). A row without it is a
 * result stored whole, as before 2026-11-27: read as it is.
 */
export const PACKED_RESULT_FORMAT = "packed-1";

/**
 * Where a packed text's base is: `[event]`, the summary of `events[event]` (a compaction-end), or `[epoch, entry,
 * part]`, the text of `epochs[epoch].entries[entry].message.parts[part]` (a synthetic message). A base always comes
 * before the text it is the base of, in that order: the events, then the epochs' parts.
 */
export type PackedTextBase = [event: number] | [epoch: number, entry: number, part: number];

/** A long text stored as the lines it shares with an earlier text of the same result (see {@link lineDelta}). */
export interface PackedText {
  base: PackedTextBase;
  lines: LineDeltaOp[];
}

/** A text shorter than this is stored as it is: a delta would save next to nothing. */
const MIN_PACKED_CHARS = 256;
/** A delta is stored only when it is at most this share of the text's own length. */
const MAX_DELTA_SHARE = 0.9;

/**
 * A run's result as it is stored (the Run.result column), each long text once. `unpackRunResult` gives back the
 * very same ReplayResult (same keys in the same order). A long text becomes a {@link PackedText}, the lines it
 * shares with an earlier one:
 * - a compaction's summary (compaction-end `summary`): with the previous compaction's summary — an extractive
 *   summary grows with every compaction, mostly by lines the previous one already had;
 * - a synthetic message's text part (in an epoch): with the summary of a compaction at the epoch's step (the
 *   summary message wraps the summary: `"The conversation history … <summary>…</summary>"`), else with the previous
 *   epoch's long synthetic text (keeper's ledger, which grows the same way); the same text kept from an earlier
 *   epoch is one copy of all its lines.
 * A pi run at `reserveTokens: 180000` on the bench's generated 2,000-message session (374 compactions, each summary
 * in its event and in its summary message) was 68.4 MB stored whole. Never mutates `result`.
 */
export function packRunResult(result: ReplayResult): Record<string, unknown> {
  const summariesByStep = new Map<number, { index: number; lines: string[] }[]>();
  let previousSummary: { index: number; lines: string[] } | null = null;
  const events = result.events.map((event, index) => {
    if (event.type !== "compaction-end" || event.summary === null || event.summary.length < MIN_PACKED_CHARS) return event;
    const lines = event.summary.split("\n");
    const packed = previousSummary === null ? null : packText(event.summary, { base: [previousSummary.index], lines: previousSummary.lines });
    previousSummary = { index, lines };
    const atStep = summariesByStep.get(event.step) ?? [];
    atStep.push({ index, lines });
    summariesByStep.set(event.step, atStep);
    return packed === null ? event : { ...event, summary: packed };
  });
  let previousPart: { base: PackedTextBase; lines: string[] } | null = null;
  const seenParts = new Map<string, { base: PackedTextBase; lines: string[] }>();
  const epochs = result.epochs.map((epoch, epochIndex): ContextEpoch | unknown => {
    if (!epoch.entries.some((entry) => entry.kind === "synthetic" && entry.message.parts.some((part) => part.type === "text" && part.text.length >= MIN_PACKED_CHARS))) return epoch;
    const sameStep = summariesByStep.get(epoch.step)?.[0];
    return {
      ...epoch,
      entries: epoch.entries.map((entry, entryIndex) => {
        if (entry.kind !== "synthetic") return entry;
        const parts = entry.message.parts.map((part, partIndex) => {
          if (part.type !== "text" || part.text.length < MIN_PACKED_CHARS) return part;
          const seen = seenParts.get(part.text);
          const lines = seen?.lines ?? part.text.split("\n");
          // the first base that packs: the same text in an earlier epoch (a message kept from one epoch to the
          // next), the summary of a compaction at this step, the previous long synthetic text
          const bases = [seen, sameStep && { base: [sameStep.index] as PackedTextBase, lines: sameStep.lines }, previousPart];
          let packed: PackedText | null = null;
          for (const base of bases) if (!packed && base) packed = packText(part.text, base);
          previousPart = { base: [epochIndex, entryIndex, partIndex], lines };
          if (!seen) seenParts.set(part.text, previousPart);
          return packed === null ? part : { ...part, text: packed };
        });
        return { ...entry, message: { ...entry.message, parts } };
      }),
    };
  });
  return { ...result, events, epochs, storedAs: PACKED_RESULT_FORMAT };
}

/** `text` as a delta against `base`, or null when the delta would not be much shorter than the text. */
function packText(text: string, base: { base: PackedTextBase; lines: readonly string[] }): PackedText | null {
  const lines = lineDelta(base.lines, text);
  let size = 0;
  for (const op of lines) size += typeof op === "string" ? op.length + 3 : 16;
  return size <= text.length * MAX_DELTA_SHARE ? { base: base.base, lines } : null;
}
