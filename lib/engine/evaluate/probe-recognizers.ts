import type { ToolCallPart } from "../model";
import { normalizeProbeText } from "./normalize-probe-text";

/**
 * Recognisers for the specific facts a later step of an agent session needs — file paths, shell commands,
 * error lines, numbers and identifiers, the user's standing rules, the assistant's decisions. Pure and
 * deterministic. The scorer's own: the probe extractor (`extract-probes.ts`) reads a session with them, and no
 * strategy may import them (`scorer-stands-apart.test.ts`) — a strategy that read a session with the scorer's eyes
 * would keep exactly what the score counts. The `evidence` strategy has its own (`strategies/evidence/`).
 */

/** Shortest CamelCase / camelCase / snake_case identifier worth keeping ("useState" yes, "getX" no). */
export const MIN_IDENTIFIER_CHARS = 8;
/**
 * Error lines one tool result yields. A type-check or test run prints dozens of lines of one failure
 * (`error TS2554` at 30 call sites); the first few distinct lines say what failed, the rest repeat it.
 */
export const MAX_ERROR_LINES_PER_RESULT = 3;

export const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
export const FILE_PATH =
  /(?:~|\.{1,2})?(?:\/?[\w@.-]+\/)+[\w@.-]*\.[A-Za-z][A-Za-z0-9]{0,7}\b|\b[\w-]+\.(?:tsx?|jsx?|mjs|cjs|py|rs|go|java|rb|json|jsonl|ya?ml|toml|md|css|html|sh|sql|prisma|lock)\b/g;
const IDENTIFIERS: readonly RegExp[] = [
  /\bv?\d+\.\d+\.\d+(?:-[\w.]+)?\b/g, // version strings
  /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0):\d{2,5}\b|\bport \d{2,5}\b/gi, // ports
  /(?<![\w&])#\d{1,6}\b/g, // issue and PR numbers
  /\b(?:TS|E|ERR_?|HTTP)\d{3,5}\b|\bE[A-Z]{4,}\b/g, // error codes: TS2345, E0308, ENOENT
  /\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g, // CamelCase
  /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g, // camelCase
  /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, // snake_case
];
const ERROR_LINE =
  /^\s*(?:(?:[A-Z]\w*)?Error: |FAILED\b|FAIL |Traceback \(|fatal: |panic: |error(?:\[\w+\])?: )|\bexit(?:ed with)? code:? [1-9]\d*\b|\bexit status [1-9]\d*\b|\berror TS\d+: /;
/**
 * ERROR_LINE over a whole text, `^` at every line start: every line ERROR_LINE matches is found by it (its other
 * alternatives never need more than the line), so no match means no error line.
 */
const ERROR_IN_TEXT = new RegExp(ERROR_LINE.source, "m");
/** error-looking lines that are code (an object key, a call) rather than output */
const CODE_LINE = /[,;{(]\s*$/;
/** imperative at the start of a sentence or clause ("don't modify the theme"), or a must / make sure anywhere */
const RULE = /(?:^|[,;:]\s*)(?:please\s+)?(?:always|never|don't|do not|avoid|only use|stop using)\b|\b(?:must|mustn't|must not|make sure|should never|should always)\b/i;
/** a choice in the first person (or a switch) — a decision wherever it stands */
const DECISION = /\b(?:I'll use|I will use|I'll go with|I'm going with|going with|let's use|let's go with|we'll use|decided|decide to|I chose|switch(?:ing)? to)\b/i;
/**
 * "X instead of Y" is a decision only when it says what is used or done: a choice verb before the "instead of"
 * ("use the theme instead of chalk"), and no hedge (a guess like "it might be loading light instead of dark"
 * or advice like "should catch this instead of crashing" is not one).
 */
const ALTERNATIVE = /\b(?:instead of|rather than)\b/i;
const CHOICE_VERB = /\b(?:use[sd]?|using|pass(?:es|ed|ing)?|prefer(?:s|red|ring)?|pick(?:s|ed|ing)?|choose|chose|go with|went with|replace[sd]?|replacing)\b/i;
const HEDGE = /\b(?:might|may|could|would|should|if|probably|perhaps|maybe|likely|bet|seems?)\b|\?/i;
const SHELL_TOOL = /bash|shell|exec|terminal|command|run/i;
const PATH_FIELDS = ["path", "file_path", "filePath", "file", "filename"] as const;

/** A standing rule of the user's ("never edit the lockfile", "you must run the tests"). */
export function isRule(sentence: string): boolean {
  return RULE.test(sentence);
}

/** A decision of the assistant's: a first-person choice, or a non-hedged "use X instead of Y". */
export function isDecision(sentence: string): boolean {
  if (DECISION.test(sentence)) return true;
  const alternative = ALTERNATIVE.exec(sentence);
  return alternative !== null && CHOICE_VERB.test(sentence.slice(0, alternative.index)) && !HEDGE.test(sentence);
}

/**
 * The error lines of one tool result: the first {@link MAX_ERROR_LINES_PER_RESULT} distinct error-looking lines
 * (normalised), or the first line of an error result that has none.
 */
export function errorLines(output: string, isError: boolean): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  // most outputs hold no error line: one search of the whole output says so before any line is split off
  const candidates = ERROR_IN_TEXT.test(output) ? output.split("\n") : [];
  for (const line of candidates) {
    if (lines.length === MAX_ERROR_LINES_PER_RESULT) break;
    if (!ERROR_LINE.test(line) || CODE_LINE.test(line)) continue;
    const key = normalizeProbeText(line);
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  if (lines.length === 0 && isError && output.trim()) lines.push(firstLine(output));
  return lines;
}

/** The shell command a tool call runs (a shell-like tool's `command` / `cmd`, or any input's `command`), or null. */
export function commandOf(part: ToolCallPart): string | null {
  const input = part.input;
  if (typeof input === "string") return SHELL_TOOL.test(part.name) && input.trim() ? input : null;
  if (!input || typeof input !== "object") return null;
  const record = input as Record<string, unknown>;
  const value = record.command ?? (SHELL_TOOL.test(part.name) ? record.cmd : undefined);
  if (typeof value === "string" && value.trim()) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string") && value.length > 0) {
    // ["bash", "-lc", "npm test"] → the script itself
    const last = value[value.length - 1] as string;
    return value.length >= 3 && /^(?:ba|z)?sh$/.test(String(value[0])) ? last : value.join(" ");
  }
  return null;
}

/** The file paths a tool call's input names in its path fields. */
export function inputPaths(input: unknown): string[] {
  if (!input || typeof input !== "object") return [];
  const record = input as Record<string, unknown>;
  return PATH_FIELDS.flatMap((field) => (typeof record[field] === "string" && (record[field] as string).trim() ? [record[field] as string] : []));
}

/** File paths written in prose or a command (URLs removed first, so a URL's path is not a file). */
export function filePathsIn(text: string): string[] {
  return text.replace(URL, " ").match(FILE_PATH) ?? [];
}

/** Versions, ports, issue numbers, error codes and identifiers of at least {@link MIN_IDENTIFIER_CHARS} chars. */
export function findIdentifiers(text: string): string[] {
  const found: string[] = [];
  IDENTIFIERS.forEach((pattern, index) => {
    for (const match of text.match(pattern) ?? []) {
      // the three identifier patterns need length; versions, ports, issues and codes are short by nature
      if (index >= IDENTIFIERS.length - 3 && match.length < MIN_IDENTIFIER_CHARS) continue;
      found.push(match);
    }
  });
  return found;
}

/** Sentences (or lines) of a text, list markers stripped, at least 8 characters. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^[\s\-*>#\d.)]+/, "").trim())
    .filter((sentence) => sentence.length >= 8);
}

export function firstLine(text: string): string {
  return text.trim().split("\n", 1)[0];
}
