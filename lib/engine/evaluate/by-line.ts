import { wordsOf } from "./continuation-recognizers";
import { normalizeProbeText } from "./normalize-probe-text";

/**
 * A long text read line by line, each distinct line read once: summaries are made of lines taken from the session
 * (the bench's one generated session: 62 MB of summary text over its recommendation's 40 settings, 683,592 lines,
 * 7,594 of them distinct), so a run's scorer would otherwise normalise and split the same lines for every compaction
 * of every run. Only for what is the same read whole or by line (said and checked at each function), so every figure
 * is what reading the whole text gives.
 */

/** Shorter texts are read whole: splitting them saves nothing. */
export const MIN_BY_LINE_CHARS = 4_096;
/** Lines remembered per cache; a full cache starts over (a speed cache: what it holds changes no answer). */
const MAX_REMEMBERED_LINES = 50_000;

/**
 * `normalizeProbeText(text)`, normalising each distinct line once. The same string: normalising drops quotes,
 * turns each whitespace run (a line break and the blanks around it included) into one space, lower-cases character
 * by character (a line break is not case-ignorable, so no letter's case depends on the next line) and trims — so the
 * whole text normalised is its lines normalised, the empty ones left out, joined by one space.
 */
export function normalizeByLine(text: string): string {
  if (text.length < MIN_BY_LINE_CHARS) return normalizeProbeText(text);
  const pieces: string[] = [];
  for (const line of text.split("\n")) {
    const normalized = remembered(normalizedLines, line, normalizeProbeText);
    if (normalized) pieces.push(normalized);
  }
  return pieces.join(" ");
}

/**
 * `wordSet(text)` (its lower-cased words and their pieces), splitting each distinct line once. The same set: a line
 * break ends a term (`termsOf`), so a text's words are its lines' words.
 */
export function wordSetByLine(text: string): Set<string> {
  if (text.length < MIN_BY_LINE_CHARS) return new Set(wordsOf(text.toLowerCase()));
  const words = new Set<string>();
  for (const line of text.split("\n")) for (const word of remembered(lineWords, line, (value) => wordsOf(value.toLowerCase()))) words.add(word);
  return words;
}

const normalizedLines = new Map<string, string>();
const lineWords = new Map<string, readonly string[]>();

function remembered<T>(cache: Map<string, T>, line: string, compute: (line: string) => T): T {
  let value = cache.get(line);
  if (value === undefined) {
    if (cache.size >= MAX_REMEMBERED_LINES) cache.clear();
    value = compute(line);
    cache.set(line, value);
  }
  return value;
}
