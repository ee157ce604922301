import { normalizeProbeText } from "./normalize-probe-text";

/**
 * The sentence-level half of the probe extractor's reading (the term-level half is `session-terms.ts`): which
 * sentences of a person are standing rules, which of the assistant's are choices, and which lines of a tool's
 * output report a failure. Pure and deterministic; the scorer's own — no strategy imports these
 * (`scorer-stands-apart.test.ts`) or carries a copy (`npm run cpd`).
 */

/**
 * Failure lines one tool result yields. A type-check or test run prints dozens of lines of one failure
 * (`error TS2554` at 30 call sites); the first few distinct lines say what failed, the rest repeat it.
 */
export const MAX_ERROR_LINES_PER_RESULT = 3;

/** phrases that make a person's sentence a standing instruction rather than a one-off request */
const RULE_PHRASES = ["never", "always", "must", "mustn't", "must not", "avoid", "make sure", "ensure", "stop using", "no more", "from now on"];
/** a negated imperative: "don't" at the start of a sentence or a clause ("…, and don't modify the theme") */
const NEGATED_IMPERATIVE = /(?:^|[,;:]|\b(?:and|but|please|just|so))\s*(?:don't|dont|do not)\b/;
/** phrases by which the assistant commits to an option */
const COMMITMENTS = ["i'll use", "i will use", "i'll go with", "i will go with", "we'll use", "let's use", "let's go with", "going with", "i chose", "i've chosen", "i decided", "decided to", "switching to", "switch to", "opting for", "i'll keep", "i'll switch"];
/** first-person intent, a commitment when the sentence also gives a reason or the option it displaced */
const FIRST_PERSON = ["i'll", "i will", "let me", "let's", "we'll", "i'm going to", "i am going to"];
const REASON_OR_ALTERNATIVE = ["because", "since", "so that", "instead of", "rather than"];
/** words that make a sentence a guess or advice, not a choice */
const HEDGES = ["might", "may", "could", "would", "should", "if", "probably", "perhaps", "maybe", "likely", "bet", "seem", "seems"];

/** a sentence in lower case, curly apostrophes straight, padded with spaces so phrases are found as whole words */
function padded(sentence: string): string {
  return ` ${sentence.toLowerCase().replace(/\u2019/g, "'").replace(/[^a-z0-9' ]+/g, " ")} `;
}
const hasPhrase = (text: string, phrases: readonly string[]) => phrases.some((phrase) => text.includes(` ${phrase} `));

/** A standing rule of a person's ("never edit the lockfile", "you must run the tests"); a question is not one. */
export function isStandingRule(sentence: string): boolean {
  if (sentence.trim().endsWith("?")) return false;
  return hasPhrase(padded(sentence), RULE_PHRASES) || NEGATED_IMPERATIVE.test(sentence.trim().toLowerCase().replace(/\u2019/g, "'"));
}

/**
 * A choice of the assistant's: a commitment ("I'll use zod", "switching to pnpm"), or first-person intent with its
 * reason or the option it displaced ("let me pass a function instead of RGB"). A hedge or a question is not one,
 * nor a report of what a change did ("the footer now uses dim instead of muted").
 */
export function isChoice(sentence: string): boolean {
  const text = padded(sentence);
  if (sentence.includes("?") || hasPhrase(text, HEDGES)) return false;
  return hasPhrase(text, COMMITMENTS) || (hasPhrase(text, FIRST_PERSON) && hasPhrase(text, REASON_OR_ALTERNATIVE));
}

/** a location a compiler or linter prints before its message: `src/a.ts(1,1): `, `src/a.rs:3:7: ` */
const LOCATION_PREFIX = /^[^\s:()]+(?:\(\d+,\d+\)|:\d+(?::\d+)?):\s*/;
/** how a failure line starts, by tool: `error`/`Error:` (tsc, rustc, node), `FAIL`/`FAILED` (jest, vitest, pytest), `fatal:` (git), `panic:` (go), `Traceback` (python), `npm ERR!`, an exception class */
const FAILURE_START = /^(?:error\b|fatal:|panic:|fail(?:ed)?\b|traceback\b|npm err!|[a-z]\w*(?:error|exception):)/i;
/** a process that ended badly, however the runner says it */
const BAD_EXIT = /\b(?:exit code|exited with code|exit status|process exited with code)\s*:?\s*[1-9]/i;
/** a line that ends like code (an object key, a call left open) is source being shown, not output */
const CODE_ENDINGS = new Set([",", ";", "{", "("]);

/**
 * The failure lines of one tool result: the first {@link MAX_ERROR_LINES_PER_RESULT} distinct lines that start like
 * a failure (after any compiler location) or report a bad exit, or the first line of an error result that has none.
 */
export function failureLines(output: string, isError: boolean): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const line of output.split("\n")) {
    if (lines.length === MAX_ERROR_LINES_PER_RESULT) break;
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.length > 400 || CODE_ENDINGS.has(trimmed[trimmed.length - 1])) continue;
    if (!FAILURE_START.test(trimmed.replace(LOCATION_PREFIX, "")) && !BAD_EXIT.test(trimmed)) continue;
    const key = normalizeProbeText(trimmed);
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  if (lines.length === 0 && isError && output.trim() !== "") lines.push(firstLine(output));
  return lines;
}

/** list markers and quote marks at the start of a line: `- `, `* `, `1. `, `2) `, `> `, `## ` */
const LIST_MARKER = /^(?:[-*•>]|\d+[.)]|#+)\s+/;

/** Sentences of a text: each line cut after `.`, `!` or `?` followed by a space, list markers dropped, 8 characters or more. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (let line of text.split("\n")) {
    line = line.trim();
    while (LIST_MARKER.test(line)) line = line.replace(LIST_MARKER, "");
    for (const match of line.matchAll(/\S.*?(?:[.!?](?=\s)|$)/g)) {
      const sentence = match[0].trim();
      if (sentence.length >= 8) sentences.push(sentence);
    }
  }
  return sentences;
}

export function firstLine(text: string): string {
  return text.trim().split("\n")[0];
}
