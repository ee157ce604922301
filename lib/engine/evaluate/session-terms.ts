/**
 * The scorer's reading of a session, written from the transcript formats and from one principle: a fact is what a
 * later message of the session literally reuses — a path, a name, a number, a command that comes back. This file
 * says what a *term* is (a whitespace- and bracket-delimited run of text, as the agent would copy it) and which
 * terms have the shape of a fact; the extractors decide which of those a later message reuses. Written for the
 * scorer alone: no strategy imports it, and `npm run cpd` fails if any strategy carries six lines of it.
 */

/** Characters that end a term: whitespace, brackets, quotes, separators of lists and assignments, and markup. */
const TERM_BREAK = /[\s()[\]{}<>"'`,;|=*\u2018\u2019\u201C\u201D]+/;

/** The terms of a text in order, edge punctuation dropped, empty ones skipped. `#42` and `@scope/pkg` keep their sigil. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const raw of text.split(TERM_BREAK)) {
    // most terms end in none of `.:!?`: only those that do go through the regex (the same terms)
    const term = EDGE_PUNCTUATION.has(raw.charCodeAt(raw.length - 1)) ? raw.replace(/[.:!?]+$/, "") : raw;
    if (term) terms.push(term);
  }
  return terms;
}

/** `.`, `:`, `!` and `?`: the edge punctuation {@link termsOf} drops from a term's end */
const EDGE_PUNCTUATION = new Set([46, 58, 33, 63]);

/** A URL (`scheme://…`): its path names a page, not a file of the work. */
export function isUrl(term: string): boolean {
  const colon = term.indexOf("://");
  return colon > 0 && /^[a-z][a-z0-9+.-]*$/i.test(term.slice(0, colon));
}

/** A file name's extension: a letter then up to nine letters or digits (`ts`, `jsonl`, `mp4`, `tar`). */
const EXTENSION = /^[a-z][a-z0-9]{0,9}$/i;
/** the characters of one path segment (letters, digits, `_ @ + ~ . -`) */
const SEGMENT = /^[\w@+~.-]+$/;

/**
 * A path with at least one separator (`src/auth/login.ts`, `/repo/a.py`, `x\\y.cs`) whose last segment names a file
 * with an extension, every other segment holding a letter or digit: `./README.md` (a `.` segment) and `C:\\x\\y.cs`
 * (`:` is no segment's character) are not taken, as the tests pin. A bare `name.ext` is not taken either:
 * `console.log` has that shape too.
 * The extractors count a bare name as a file only when a tool call of the session names that file
 * ({@link fileNamesOfCall}).
 */
export function isSlashedPath(term: string): boolean {
  // no separator, one segment: most terms of a text, answered without splitting them
  if (!term.includes("/") && !term.includes("\\")) return false;
  if (isUrl(term)) return false;
  const segments = term.replace(/\\/g, "/").split("/");
  if (segments.length < 2) return false;
  const last = segments[segments.length - 1];
  const dot = last.lastIndexOf(".");
  if (dot <= 0 || !EXTENSION.test(last.slice(dot + 1))) return false;
  return segments.every((segment, index) => (segment === "" ? index === 0 : SEGMENT.test(segment) && /[a-z0-9]/i.test(segment)));
}

/** The last segment of a path, as written. */
export function baseName(path: string): string {
  const segments = path.replace(/\\/g, "/").split("/");
  return segments[segments.length - 1];
}

/** A bare `name.ext` (no separator) — a file only if the session's tool calls name it. */
export function isBareFileName(term: string): boolean {
  const dot = term.lastIndexOf(".");
  return !term.includes("/") && dot > 0 && EXTENSION.test(term.slice(dot + 1)) && SEGMENT.test(term) && /[a-z]/i.test(term.slice(0, dot));
}

/**
 * The input keys that hold a file in the agents' tool calls: Claude Code's Read/Edit/Write (`file_path`,
 * `notebook_path`), pi and Codex (`path`), Gemini CLI (`file_path`, `absolute_path`), OpenHands (`path`), others'
 * `filename` / `target_file` / `filePath`.
 */
const FILE_KEY = /^(?:file_?path|filepath|path|absolute_path|notebook_path|target_file|filename|file)$/i;
/** Codex's `apply_patch` envelope names each file it touches on a line of its own */
const PATCH_FILE_LINE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;

/** The files one tool call names: its file-holding input fields, and the files of an apply_patch envelope. */
export function fileNamesOfCall(input: unknown): string[] {
  const names: string[] = [];
  const visit = (value: unknown, key: string | null) => {
    if (typeof value === "string") {
      if (key !== null && FILE_KEY.test(key) && value.trim() && !value.includes("\n")) names.push(value.trim());
      for (const match of value.matchAll(PATCH_FILE_LINE)) names.push(match[1].trim());
    } else if (Array.isArray(value)) for (const item of value) visit(item, null);
    else if (value && typeof value === "object") for (const [field, item] of Object.entries(value)) visit(item, field);
  };
  visit(input, null);
  return names;
}

/** What a term is a fact of, by its shape alone; null for an ordinary word. */
export type TermShape = "identifier" | "number" | "error";

/**
 * The shape of a term, as the formats write facts:
 * - `error`: a compiler or runtime's code or exception name — TypeScript `TS2345`, Rust `E0308`, Node's errno
 *   names (`ENOENT`, `EADDRINUSE`), Node's `ERR_…` codes, and exception classes (`ModuleNotFoundError`, `KeyError`);
 * - `number`: an issue or PR (`#42`), a version or a decimal (`v1.2.3`, `0.75`), a number of three digits or more,
 *   a number with its unit (`250ms`, `64k`, `2GB`);
 * - `identifier`: at least {@link MIN_NAME_CHARS} characters and a programmer's joint — a lower-to-upper step
 *   (`useMemo`, `RowBatcher`), an underscore between letters or digits (`parse_rows`, `DATABASE_URL`), three or more
 *   hyphenated parts (`max-output-tokens`), letters mixed with digits (`gpt4o`, a commit hash `a1b2c3d4`).
 */
export function termShape(term: string): TermShape | null {
  if (term.length < 3) return null;
  if (/^(?:TS|E)\d{4}$/.test(term) || /^E[A-Z]{3,}$/.test(term) || /^ERR_[A-Z0-9_]+$/.test(term) || /^[A-Z][A-Za-z0-9]*(?:Error|Exception)$/.test(term)) return "error";
  if (/^#\d+$/.test(term) || /^v?\d+(?:\.\d+)+$/.test(term) || /^\d{3,}$/.test(term) || /^\d+(?:\.\d+)?(?:ms|s|m|h|k|K|kb|KB|mb|MB|gb|GB|px|x|%)$/.test(term)) return "number";
  if (term.length < MIN_NAME_CHARS || !/^[\w$.-]+$/.test(term)) return null;
  if (/[a-z][A-Z]/.test(term) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(term) || /^[a-z0-9]+(?:-[a-z0-9]+){2,}$/.test(term)) return "identifier";
  if (/[a-z]/i.test(term) && /\d/.test(term) && /^[\w-]+$/.test(term)) return "identifier";
  return null;
}

/** The shortest name {@link termShape} takes as an identifier: `useMemo` yes, `getX` no. */
export const MIN_NAME_CHARS = 6;
