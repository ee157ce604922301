import type { SnippetSegment } from "../api/contracts/search-schemas";
import { foldToken, SEARCH_TOKEN } from "./search-phrases";

export interface MarkSnippetOptions {
  /** the message text the index holds */
  body: string;
  /** the query's phrases (searchPhrases) */
  phrases: readonly (readonly string[])[];
  /** characters shown before the first hit, and at most in all */
  before?: number;
  length?: number;
}

const DEFAULT_BEFORE = 60;
const DEFAULT_LENGTH = 220;
const WORD = /[\p{L}\p{N}]/u;

/**
 * A stretch of a message around the first place any phrase occurs (its tokens consecutive, compared folded: case and
 * diacritics aside), with every occurrence inside it marked. Computed here, not by the database, so SQLite and
 * PostgreSQL show the same snippet for the same hit; the segments are plain text for the client to render as text.
 * Whitespace runs are collapsed to one space; `…` marks a cut. Without any occurrence (the index matched words this
 * does not see as the same), the start of the message, unmarked.
 */
export function markSnippet(options: MarkSnippetOptions): SnippetSegment[] {
  const before = options.before ?? DEFAULT_BEFORE;
  const length = options.length ?? DEFAULT_LENGTH;
  const hits = findHits(options.body, options.phrases);
  const first = hits[0]?.start ?? 0;
  let start = Math.max(0, first - before);
  // start at a word's beginning, not inside one
  while (start > 0 && start < first && WORD.test(options.body[start - 1])) start++;
  let end = Math.min(options.body.length, Math.max(start + length, hits[0]?.end ?? 0));
  // end at a word's end, not inside one (a word of up to 20 more characters)
  for (let extra = 0; extra < 20 && end < options.body.length && WORD.test(options.body[end]) && WORD.test(options.body[end - 1]); extra++) end++;
  const segments: SnippetSegment[] = [];
  const push = (text: string, hit: boolean) => {
    const clean = text.replace(/\s+/g, " ");
    if (clean === "") return;
    const last = segments.at(-1);
    if (last && last.hit === hit) last.text += clean;
    else segments.push({ text: clean, hit });
  };
  if (start > 0) push("…", false);
  let at = start;
  for (const hit of hits) {
    if (hit.start < at) continue;
    if (hit.start >= end) break;
    push(options.body.slice(at, hit.start), false);
    // a hit that starts inside the stretch is shown whole, never cut
    push(options.body.slice(hit.start, hit.end), true);
    at = hit.end;
    end = Math.max(end, hit.end);
  }
  push(options.body.slice(at, end), false);
  if (end < options.body.length) push("…", false);
  return segments;
}

/** Every occurrence of a phrase in `body`, by character range, in order, not overlapping. */
function findHits(body: string, phrases: readonly (readonly string[])[]): { start: number; end: number }[] {
  const wanted = phrases.map((phrase) => phrase.map(foldToken)).filter((phrase) => phrase.length > 0);
  if (wanted.length === 0) return [];
  const tokens = [...body.matchAll(SEARCH_TOKEN)].map((match) => ({ text: foldToken(match[0]), start: match.index, end: match.index + match[0].length }));
  const hits: { start: number; end: number }[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const phrase = wanted.find((candidate) => candidate.every((token, offset) => tokens[index + offset]?.text === token));
    if (!phrase) continue;
    hits.push({ start: tokens[index].start, end: tokens[index + phrase.length - 1].end });
    index += phrase.length - 1;
  }
  return hits;
}
