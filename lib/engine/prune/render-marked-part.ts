import type { Part, PartMark } from "../model";

/** Seed 003 §5.2: what a pruned tool output is sent as. */
export const PRUNED_PLACEHOLDER = "[Old tool result content cleared]";
/** Seed 004 layer 1: what a hard-cleared tool output is sent as. */
export const HARD_CLEAR_PLACEHOLDER = "[Tool output cleared — content was processed in earlier turns]";
/** What a masked observation is sent as (observation masking, as in the SWE-agent / JetBrains studies). */
export const MASKED_PLACEHOLDER = "[Old observation omitted]";
/** Anthropic `clear_tool_uses`: what a cleared tool result (or input) is sent as. */
export const CLEARED_TOOL_USE_PLACEHOLDER = "[Tool result cleared to save context]";

/** Seed 004's soft-trim marker, verbatim: `--- trimmed (kept 1500 head + 1500 tail of 24000 chars) ---`. */
export function softTrimMarker(head: number, tail: number, originalChars: number): string {
  return `--- trimmed (kept ${head} head + ${tail} tail of ${originalChars} chars) ---`;
}

/**
 * gemini-cli's note on a truncated tool output (its facts — the sizes shown, the characters left out, the file the
 * whole output went to — in the lab's words). Numbers are grouped with commas, as gemini-cli prints them.
 */
export function savedOutputNote(head: number, tail: number, originalChars: number, savedAs: string): { header: string; omitted: string } {
  return {
    header: `Output too large: the first ${groupThousands(head)} and last ${groupThousands(tail)} characters follow; the whole output is in ${savedAs}`,
    omitted: `... [${groupThousands(Math.max(0, originalChars - head - tail))} characters left out] ...`,
  };
}

function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Seed 002's ingest truncation does not quote a marker; the lab names the sizes so the model can re-request. */
export function truncationMarker(keptChars: number, originalChars: number): string {
  return `[truncated: kept the first ${keptChars} of ${originalChars} chars]`;
}

/**
 * How a part is serialised to the model under a mark. Returns the part itself when unmarked (so caches keyed
 * by part identity keep working) and otherwise a new object — the same one again for the same part and mark
 * object; the original is never touched.
 *
 * Marks only change tool results, except `cleared` with `inputCleared` on a tool call (Anthropic's
 * `clear_tool_inputs`), which replaces the call's input. A mark on any other part type is ignored: pruners
 * never modify user text or assistant blocks.
 */
export function renderMarkedPart(part: Part, mark: PartMark | undefined): Part {
  if (!mark) return part;
  const known = renderedUnder.get(mark);
  if (known?.part === part) return known.rendered;
  const rendered = renderUnder(part, mark);
  renderedUnder.set(mark, { part, rendered });
  return rendered;
}

/**
 * The last part rendered under each mark object. A mark in force is one object, and the replay renders its part
 * again at every step that counts or summarizes the context; handing back the same object also keeps caches keyed
 * by part identity (the BPE estimator's, the summarizer's) warm. For speed only: a miss renders afresh.
 */
const renderedUnder = new WeakMap<PartMark, { part: Part; rendered: Part }>();

/** {@link renderMarkedPart} without keeping the result: for a mark made only to ask what it would cost. */
export function renderUnder(part: Part, mark: PartMark): Part {
  if (part.type === "tool-call") {
    return mark.kind === "cleared" && mark.inputCleared ? { ...part, input: mark.placeholder } : part;
  }
  if (part.type !== "tool-result") return part;
  switch (mark.kind) {
    case "pruned":
    case "cleared":
    case "masked":
      return { ...part, output: mark.placeholder, images: [] };
    case "soft-trimmed": {
      const head = part.output.slice(0, mark.head);
      const tail = mark.tail > 0 ? part.output.slice(-mark.tail) : "";
      if (mark.savedAs !== undefined) {
        const note = savedOutputNote(mark.head, mark.tail, mark.originalChars, mark.savedAs);
        return { ...part, output: `${note.header}\n${head}\n\n${note.omitted}\n\n${tail}` };
      }
      return { ...part, output: `${head}\n\n${softTrimMarker(mark.head, mark.tail, mark.originalChars)}\n\n${tail}` };
    }
    case "truncated":
      return {
        ...part,
        output: `${part.output.slice(0, mark.keptChars)}\n\n${truncationMarker(mark.keptChars, mark.originalChars)}`,
      };
  }
}
