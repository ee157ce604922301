import type { ToolCallPart } from "../model";
import { normalizeProbeText } from "./normalize-probe-text";

/**
 * What continuation recall reads in a session: the words a later step can use (identifiers, numbers, error codes,
 * the names quoted in error lines), file paths, and the shell commands run. The scorer's own, written for this
 * score alone; no strategy imports them (`scorer-stands-apart.test.ts`).
 */
export type ContinuationKind = "file" | "command" | "identifier" | "number" | "error";
export const CONTINUATION_KINDS: readonly ContinuationKind[] = ["file", "command", "identifier", "number", "error"];

/** A word: letters, digits, `_`, `$`, `#`, joined by single dots or hyphens (`v1.2.3`, `0.75`, `max-tokens`, `foo_bar.ts`). */
const WORD = /[A-Za-z0-9_$#]+(?:[.-][A-Za-z0-9_$]+)*/g;
const PIECE_SEPARATOR = /[.-]/;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
/** a path: at least one `/` between name characters and a dotted last segment, or a bare name with a common extension */
const PATH = /(?:~|\.{1,2})?(?:\/?[\w@.+-]+\/)+[\w@.+-]*\.[A-Za-z][A-Za-z0-9]{0,9}\b|\b[\w.+-]+\.(?:tsx?|jsx?|mjs|cjs|py|pyi|rs|go|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|json|jsonl|ya?ml|toml|ini|cfg|md|mdx|txt|css|scss|html|sh|sql|prisma|lock|env|xml|csv)\b/g;
const ERROR_LINE = /error|exception|traceback|fail|fatal|panic|\b(?:cannot|can't|not found|no such|no module|undefined|denied|refused|invalid|missing)\b/i;
/** a quoted name in an error line: `No module named 'scipy'`, `Cannot find module "zod"` */
const QUOTED = /['"`\u2018\u201C]([^'"`\u2019\u201D\s]{2,80})['"`\u2019\u201D]/g;
const SHELL_TOOL = /bash|shell|exec|terminal|command|run/i;
/** a command shorter than this (`ls`, `pwd`, `git diff`) is not a fact anyone needs to remember */
export const MIN_COMMAND_CHARS = 12;
const MAX_COMMAND_CHARS = 200;

/** The kind a word is a fact of, or null for an ordinary word. Case matters (camelCase); keys are lower-cased by the caller. */
export function classifyWord(word: string): ContinuationKind | null {
  // most words are plain words: settle them before any pattern runs
  if (/^[a-z]+$/.test(word) || word.length < 3) return word.length >= 2 && /^#\d$/.test(word) ? "number" : null;
  if (/^#\d{1,6}$/.test(word)) return "number"; // an issue or PR
  if (/^v?\d+(?:\.\d+){2,}(?:-[\w.]+)?$/.test(word)) return "number"; // a version
  if (/^\d+\.\d+$/.test(word) || /^\d{4,}$/.test(word)) return "number";
  if (/^\d+(?:ms|s|m|h|k|kb|mb|gb|kib|mib|gib|px|x)$/i.test(word)) return "number"; // a value with its unit
  if (/^(?:TS|E|ERR_?|HTTP)\d{3,5}$/.test(word) || /^E[A-Z]{4,}$/.test(word)) return "error";
  if (word.length < 8) return /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(word) && word.length >= 6 ? "identifier" : null;
  if (/^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/.test(word)) return "identifier"; // camelCase
  if (/^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/.test(word)) return "identifier"; // CamelCase
  if (/^_*[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+_*$/.test(word)) return "identifier"; // snake_case, SCREAMING_CASE
  if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}$/.test(word)) return "identifier"; // kebab-case with three parts or more
  if (/^(?=.*\d)(?=.*[a-f])[0-9a-f]{7,40}$/.test(word)) return "identifier"; // a commit or content hash
  return null;
}

/** Every word of a text and, for a joined word, its pieces (`foo_bar.ts` → `foo_bar.ts`, `foo_bar`, `ts`), as written. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    words.push(word);
    if (PIECE_SEPARATOR.test(word)) for (const piece of word.split(PIECE_SEPARATOR)) if (piece) words.push(piece);
  }
  return words;
}

/** The lower-cased words (with pieces) of a text, as a set: where a word fact is looked up. */
export function wordSet(text: string): Set<string> {
  return new Set(wordsOf(text.toLowerCase()));
}

/**
 * A path's key: its last two segments, normalised (`/home/me/app/src/auth/login.ts` and `src/auth/login.ts` are
 * both `auth/login.ts`), so an absolute path in a tool input and a relative one in prose are one file.
 */
export function pathKey(path: string): string {
  const segments = normalizeProbeText(path).split("/").filter((segment) => segment && segment !== "." && segment !== "..");
  return segments.slice(-2).join("/");
}

/** The path keys a text names (URLs removed first). */
export function pathKeysIn(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.replace(URL, " ").matchAll(PATH)) {
    const key = pathKey(match[0]);
    if (key.length >= 4 && /[a-z]/.test(key)) keys.push(key);
  }
  return keys;
}

/** The path fields of a tool input (`path`, `file_path`, …), as keys. */
export function inputPathKeys(input: unknown): string[] {
  if (!input || typeof input !== "object" || Array.isArray(input)) return [];
  const keys: string[] = [];
  for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value === "string" && /^(?:path|file_?path|filePath|file|filename|target_file|notebook_path)$/i.test(field) && value.trim()) keys.push(pathKey(value));
  }
  return keys.filter((key) => key.length >= 2);
}

/** The normalised first line of the shell command a tool call runs, or null (not a shell call, or too short to be a fact). */
export function commandKey(part: ToolCallPart): string | null {
  const input = part.input;
  let command: unknown = null;
  if (typeof input === "string") command = SHELL_TOOL.test(part.name) ? input : null;
  else if (input && typeof input === "object" && !Array.isArray(input)) {
    const record = input as Record<string, unknown>;
    command = record.command ?? record.cmd ?? null;
    if (!SHELL_TOOL.test(part.name) && record.command === undefined) command = null;
  }
  if (Array.isArray(command) && command.every((item) => typeof item === "string")) {
    command = command.length >= 3 && /^(?:ba|z)?sh$/.test(String(command[0])) ? command[command.length - 1] : command.join(" ");
  }
  return typeof command === "string" ? commandKeyOf(command) : null;
}

/** A command written in prose (a backtick span) as a key, or null. */
export function commandKeyOf(command: string): string | null {
  const key = normalizeProbeText(command.trim().split("\n", 1)[0]).slice(0, MAX_COMMAND_CHARS);
  return key.length >= MIN_COMMAND_CHARS ? key : null;
}

/** Backtick spans of prose: where a user or assistant names a command before it is run. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]{4,200})`/g)].map((match) => match[1]);
}

/** The names quoted in a tool result's error lines, and the fact words on those lines: what an error says failed. */
export function errorWords(output: string): string[] {
  if (!ERROR_LINE.test(output)) return [];
  const found: string[] = [];
  for (const line of output.split("\n")) {
    if (line.length > 500 || !ERROR_LINE.test(line)) continue;
    for (const match of line.matchAll(QUOTED)) for (const word of wordsOf(match[1])) if (word.length >= 3 && !/^\d+$/.test(word)) found.push(word);
    for (const word of wordsOf(line)) if (classifyWord(word) !== null) found.push(word);
  }
  return found;
}
