/**
 * A text as the lines it shares with an earlier text: each operation is either text of its own (one or more whole
 * lines, joined by `\n`) or `[start, count]`, that many lines of the base from line `start` (0-based). Decoding
 * joins the pieces with `\n`. Line-granular on purpose: a copied line is whole, so a base whose lines are later
 * rewritten in place (a redaction changes a line's length, never the number of lines) still decodes — see
 * {@link applyLineDelta}.
 */
export type LineDeltaOp = string | [start: number, count: number];

/** A copy shorter than this (characters of the lines copied) is written out instead: `[1234,1]` costs about as much. */
const MIN_COPY_CHARS = 24;
/** Where a line occurs many times in the base, the first this many places are tried for the longest copy. */
const MAX_CANDIDATES = 16;

/**
 * `next` as a delta against `baseLines` (`base.split("\n")`): runs of lines found in the base, the longest run among
 * the first {@link MAX_CANDIDATES} places a line occurs, the rest written out. O(lines × MAX_CANDIDATES) at worst.
 * `applyLineDelta(baseLines, lineDelta(baseLines, next)) === next` for any strings.
 */
export function lineDelta(baseLines: readonly string[], next: string): LineDeltaOp[] {
  const where = placesOfLines(baseLines);
  const lines = next.split("\n");
  const ops: LineDeltaOp[] = [];
  let written: string[] = [];
  const flush = () => {
    if (written.length > 0) ops.push(written.join("\n"));
    written = [];
  };
  let at = 0;
  while (at < lines.length) {
    let best = { start: -1, count: 0, chars: 0 };
    for (const start of where.get(lines[at]) ?? []) {
      let count = 0;
      let chars = 0;
      while (at + count < lines.length && start + count < baseLines.length && baseLines[start + count] === lines[at + count]) chars += lines[at + count++].length + 1;
      if (chars > best.chars) best = { start, count, chars };
    }
    if (best.chars >= MIN_COPY_CHARS) {
      flush();
      ops.push([best.start, best.count]);
      at += best.count;
    } else written.push(lines[at++]);
  }
  flush();
  return ops;
}

/**
 * Where each line of a base occurs (its first {@link MAX_CANDIDATES} places), remembered per base array (a speed
 * cache of a pure function: a summary is the base of the next summary and of its own summary message).
 */
const placesByBase = new WeakMap<readonly string[], Map<string, number[]>>();

function placesOfLines(baseLines: readonly string[]): Map<string, number[]> {
  let where = placesByBase.get(baseLines);
  if (where) return where;
  where = new Map<string, number[]>();
  for (let index = 0; index < baseLines.length; index++) {
    const places = where.get(baseLines[index]);
    if (places === undefined) where.set(baseLines[index], [index]);
    else if (places.length < MAX_CANDIDATES) places.push(index);
  }
  placesByBase.set(baseLines, where);
  return where;
}

/** The text a {@link lineDelta} encodes. Throws a RangeError for a copy outside the base (a delta of another base). */
export function applyLineDelta(baseLines: readonly string[], ops: readonly LineDeltaOp[]): string {
  const pieces: string[] = [];
  for (const op of ops) {
    if (typeof op === "string") pieces.push(op);
    else {
      const [start, count] = op;
      if (!Number.isInteger(start) || !Number.isInteger(count) || start < 0 || count < 1 || start + count > baseLines.length) {
        throw new RangeError(`a copy of lines ${start}..${start + count} outside a base of ${baseLines.length} lines`);
      }
      for (let line = start; line < start + count; line++) pieces.push(baseLines[line]);
    }
  }
  return pieces.join("\n");
}
