import type { ToolCallPart } from "../model";
import { normalizeProbeText } from "./normalize-probe-text";
import { baseName, fileNamesOfCall, isBareFileName, isSlashedPath, isUrl, termShape, termsOf } from "./session-terms";

/**
 * What continuation recall reads in a session, on `session-terms.ts`'s terms: the words a later step can reuse
 * (names, numbers, error codes and the names quoted on a failing line), the files, and the shell commands run.
 * The scorer's own; no strategy imports them (`scorer-stands-apart.test.ts`) or copies them (`npm run cpd`).
 */
export type ContinuationKind = "file" | "command" | "identifier" | "number" | "error";
export const CONTINUATION_KINDS: readonly ContinuationKind[] = ["file", "command", "identifier", "number", "error"];

/** a command shorter than this (`ls`, `pwd`, `git diff`) is not a fact anyone needs to remember */
export const MIN_COMMAND_CHARS = 12;
const MAX_COMMAND_CHARS = 200;
/** where a term splits into the pieces a reader may also write alone: `src/parse_rows.py` → `src`, `parse_rows`, `py` */
const PIECE_BREAK = /[./\\:-]+/;

/** The kind of fact a word is by its shape (`termShape`), or null for an ordinary word. */
export function classifyWord(word: string): ContinuationKind | null {
  return termShape(word);
}

/** Every term of a text and, for a joined one, its pieces, as written. */
export function wordsOf(text: string): string[] {
  return wordsOfTerms(termsOf(text));
}

/** {@link wordsOf} of a text already split into its terms (`termsOf`). */
export function wordsOfTerms(terms: readonly string[]): string[] {
  const words: string[] = [];
  forEachWordOfTerms(terms, (word) => words.push(word));
  return words;
}

/**
 * Visits {@link wordsOf}'s words of a text, in its order, without building the list: for a reader that only looks
 * each word up (the fact matcher reads thousands of messages per run, and a list and a set per message were most of
 * its allocation).
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  forEachWordOfTerms(termsOf(text), visit);
}

function forEachWordOfTerms(terms: readonly string[], visit: (word: string) => void): void {
  for (const term of terms) {
    visit(term);
    if (PIECE_BREAK.test(term)) for (const piece of term.split(PIECE_BREAK)) if (piece && piece !== term) visit(piece);
  }
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
  const kept = normalizeProbeText(path)
    .split("/")
    .filter((segment) => segment !== "" && segment !== "." && segment !== "..");
  return kept.slice(Math.max(0, kept.length - 2)).join("/");
}

/**
 * The path keys a text names: terms with a separator and a file name at the end, and bare file names the session's
 * tool calls named (`knownFiles`, lower-cased base names; without it, bare names are not taken).
 */
export function pathKeysIn(text: string, knownFiles?: ReadonlySet<string>): string[] {
  return pathKeysOfTerms(termsOf(text), knownFiles);
}

/** {@link pathKeysIn} of a text already split into its terms (`termsOf`). */
export function pathKeysOfTerms(terms: readonly string[], knownFiles?: ReadonlySet<string>): string[] {
  const keys: string[] = [];
  for (const term of terms) {
    if (isUrl(term)) continue;
    const file = isSlashedPath(term) || (knownFiles !== undefined && isBareFileName(term) && knownFiles.has(term.toLowerCase()));
    if (!file) continue;
    const key = pathKey(term);
    if (key.length >= 4) keys.push(key);
  }
  return keys;
}

/** The files a tool call's input names, as keys. */
export function inputPathKeys(input: unknown): string[] {
  return fileNamesOfCall(input)
    .map(pathKey)
    .filter((key) => key.length >= 2);
}

/** The lower-cased base names of the files a tool call's input names: what makes a bare `name.ext` in prose a file. */
export function inputFileBaseNames(input: unknown): string[] {
  return fileNamesOfCall(input).map((name) => baseName(name).toLowerCase());
}

/**
 * The tool names that take a shell script as their whole input, by format: Claude Code `Bash`, Codex `shell` /
 * `local_shell` / `exec_command`, OpenHands `execute_bash`, Gemini CLI `run_shell_command`, pi `bash`.
 */
const SHELL_TOOL_NAME = /^(?:bash|shell|local_shell|exec_command|execute_bash|run_shell_command|run_terminal_cmd|terminal)$/i;

/**
 * The script a tool call runs: its input's `command` or `cmd` (a string, or an argv whose `sh -c` / `bash -lc` form
 * gives the script), or the whole input of a shell tool that takes a bare string; null otherwise.
 */
export function shellScriptOf(part: ToolCallPart): string | null {
  const input = part.input;
  if (typeof input === "string") return SHELL_TOOL_NAME.test(part.name) && input.trim() !== "" ? input : null;
  if (input === null || typeof input !== "object" || Array.isArray(input)) return null;
  const fields = input as Record<string, unknown>;
  const value = fields.command !== undefined ? fields.command : fields.cmd;
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === "string")) return null;
  const argv = value as string[];
  const flag = argv.findIndex((item, index) => index > 0 && /^-\w*c$/.test(item));
  return flag > 0 && /(?:^|\/)(?:ba|z|da)?sh$/.test(argv[0]) && flag < argv.length - 1 ? argv[flag + 1] : argv.join(" ");
}

/** The normalised first line of the shell command a tool call runs, or null (not a shell call, or too short to be a fact). */
export function commandKey(part: ToolCallPart): string | null {
  const script = shellScriptOf(part);
  return script === null ? null : commandKeyOf(script);
}

/** A command written in prose (a backtick span) as a key, or null. */
export function commandKeyOf(command: string): string | null {
  const firstLine = command.trim().split("\n")[0];
  const key = normalizeProbeText(firstLine).slice(0, MAX_COMMAND_CHARS);
  return key.length < MIN_COMMAND_CHARS ? null : key;
}

/** Backtick spans of prose (single-line, 4–200 characters): where a person names a command before it is run. */
export function codeSpans(text: string): string[] {
  const spans: string[] = [];
  const pieces = text.split("`");
  for (let index = 1; index < pieces.length - 1; index += 2) {
    const span = pieces[index];
    if (span.length >= 4 && span.length <= 200 && !span.includes("\n")) spans.push(span);
  }
  return spans;
}

/** a line of output that reports a failure: it says error, failed, fatal, panic, exception, traceback, or "cannot / not found / no such" */
const FAILURE_WORDS = /\b(?:error|errors|failed|failure|fail|fatal|panic|panicked|exception|traceback|cannot|can't|denied|refused|not found|no such|no module|undefined|invalid|missing)\b/i;

/**
 * The words a failing line of a tool result names: what it quotes (`No module named 'scipy'`, `Cannot find module
 * "zod"`), and its terms that have a fact's shape (`TS2345`, `ENOENT`, `parse_rows`). Lines over 500 characters
 * (minified code, a data dump) are skipped.
 */
export function errorWords(output: string): string[] {
  if (!FAILURE_WORDS.test(output)) return [];
  const found: string[] = [];
  for (const line of output.split("\n")) {
    if (line.length > 500 || !FAILURE_WORDS.test(line)) continue;
    for (const quoted of quotedNames(line)) for (const word of wordsOf(quoted)) if (word.length >= 3 && !/^\d+$/.test(word)) found.push(word);
    for (const word of wordsOf(line)) if (termShape(word) !== null) found.push(word);
  }
  return found;
}

/** Text between a pair of matching quotes on one line, 2–80 characters with no space: a name the line quotes. */
function quotedNames(line: string): string[] {
  const names: string[] = [];
  for (const [open, close] of [["'", "'"], ['"', '"'], ["`", "`"], ["\u2018", "\u2019"], ["\u201C", "\u201D"]]) {
    let from = line.indexOf(open);
    while (from !== -1) {
      const to = line.indexOf(close, from + 1);
      if (to === -1) break;
      const inner = line.slice(from + 1, to);
      if (inner.length >= 2 && inner.length <= 80 && !/\s/.test(inner)) names.push(inner);
      from = line.indexOf(open, to + 1);
    }
  }
  return names;
}
