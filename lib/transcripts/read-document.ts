import { findTooDeep, mayNestTooDeep, MAX_JSON_DEPTH } from "./find-too-deep";
import { ImportError, MAX_LISTED_ISSUES, type ImportIssue } from "./import-error";

export interface JsonLine {
  /** 1-based line number in the file */
  line: number;
  value: unknown;
}

/** An uploaded file parsed once: either one JSON value or JSON lines. Importers read from this. */
export type TranscriptDocument = { kind: "json"; value: unknown } | { kind: "jsonl"; lines: JsonLine[] };

/**
 * Parses a file as one JSON document, or failing that as JSON lines.
 * A file where some lines parse and others do not is rejected with every broken line listed (up to a cap):
 * nothing is imported half-way. `format` names the format being tried, for the message.
 */
export function readDocument(text: string, format: string | null = null): TranscriptDocument {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  if (trimmed.length === 0) {
    const what = text.length === 0 ? "0 bytes" : `${text.length} characters of whitespace only`;
    throw new ImportError({ code: "empty_file", format, message: `The file is empty (${what}): line 1 holds no JSON.`, issues: [{ line: 1, message: `no content (${what})` }] });
  }
  const whole = tryParse(trimmed);
  if (whole.ok && (typeof whole.value === "object" && whole.value !== null)) {
    return wholeDocument({ value: whole.value, oneLine: !trimmed.includes("\n"), mayNestTooDeep: mayNestTooDeep(trimmed), format });
  }
  // lines end at "\n", a "\r" before it dropped (split(/\r?\n/) without the regular expression or the array of lines)
  const reading = createJsonLinesReading();
  let line = 0;
  for (let from = 0; from <= trimmed.length; ) {
    const newline = trimmed.indexOf("\n", from);
    const end = newline < 0 ? trimmed.length : newline;
    line++;
    readJsonLine(reading, trimmed.slice(from, newline > from && trimmed.charCodeAt(newline - 1) === CARRIAGE_RETURN ? newline - 1 : end), line);
    from = end + 1;
  }
  return jsonLinesDocument({ reading, format, whyNotJson: whole.ok ? "a JSON object or array" : whole.error });
}

const CARRIAGE_RETURN = 0x0d;

/**
 * The document of a file that parsed whole as an object or array (`oneLine`: its trimmed text holds no line break;
 * `mayNestTooDeep`: it is long enough to, see find-too-deep.ts). Shared with readDocumentBytes.
 */
export function wholeDocument(input: { value: object; oneLine: boolean; mayNestTooDeep: boolean; format: string | null }): TranscriptDocument {
  const { value, format } = input;
  // a one-line JSONL file is also valid JSON; it is read as JSONL when it is a single object line
  const oneLineEntry = input.oneLine && !Array.isArray(value) && looksLikeJsonlEntry(value);
  const path = input.mayNestTooDeep ? findTooDeep(value) : null;
  if (path !== null) throwTooDeep({ ...(oneLineEntry ? { line: 1 } : {}), path, format });
  return oneLineEntry ? { kind: "jsonl", lines: [{ line: 1, value }] } : { kind: "json", value };
}

/** The lines of a JSON-lines file read so far: those that parse, those that do not, and the first that nests too deep. */
export interface JsonLinesReading {
  lines: JsonLine[];
  broken: ImportIssue[];
  tooDeep: { line: number; path: string } | null;
  /**
   * what of each parsed line is kept in `lines` (default: the whole value) — a streamed import keeps only what it
   * needs to plan (claude-code-plan.ts) and reads the lines again for their content
   */
  keep?: (value: unknown) => unknown;
}

export function createJsonLinesReading(keep?: (value: unknown) => unknown): JsonLinesReading {
  return { lines: [], broken: [], tooDeep: null, ...(keep ? { keep } : {}) };
}

/**
 * One line of a JSON-lines file: skipped when blank, else added to `lines` when it parses (its depth checked while
 * it is at hand, and only when it is long enough to nest too deep) and to `broken` when not.
 */
export function readJsonLine(reading: JsonLinesReading, raw: string, line: number): void {
  if (isBlank(raw)) return;
  const parsed = tryParse(raw);
  if (parsed.ok) keepJsonLine(reading, { raw, line, value: parsed.value });
  else reading.broken.push({ line, message: parsed.error });
}

/** Adds a line already parsed (`value` from `raw`) to the reading, noting it when it is the first to nest too deep. */
export function keepJsonLine(reading: JsonLinesReading, input: { raw: string; line: number; value: unknown }): void {
  reading.lines.push({ line: input.line, value: reading.keep ? reading.keep(input.value) : input.value });
  if (reading.tooDeep === null && mayNestTooDeep(input.raw)) {
    const path = findTooDeep(input.value);
    if (path !== null) reading.tooDeep = { line: input.line, path };
  }
}

/** `raw.trim().length === 0` without trimming a line that starts with content (every JSON line does). */
function isBlank(raw: string): boolean {
  const first = raw.charCodeAt(0);
  if (first === 0x7b || first === 0x5b) return false; // "{" or "["
  return raw.trim().length === 0;
}

/**
 * The document of a file read as JSON lines: refused when no line parses (`not_json`) or some do not
 * (`broken_lines`, every broken line listed up to a cap), or when a line nests too deep. Shared with
 * readDocumentBytes, which reads the lines straight from an upload's bytes.
 */
export function jsonLinesDocument(input: { reading: JsonLinesReading; format: string | null; whyNotJson: string }): TranscriptDocument {
  const { format } = input;
  const { lines, broken, tooDeep } = input.reading;
  if (lines.length === 0) {
    throw new ImportError({
      code: "not_json",
      format,
      message: `${format ? `Not a valid ${format} transcript: ` : ""}the file is neither JSON nor JSON lines (line 1: ${broken[0]?.message ?? input.whyNotJson}).`,
      issues: broken.slice(0, MAX_LISTED_ISSUES),
      totalIssues: broken.length,
    });
  }
  if (broken.length > 0) {
    const listed = broken.slice(0, MAX_LISTED_ISSUES).map((issue) => issue.line).join(", ");
    const more = broken.length > MAX_LISTED_ISSUES ? ` and ${broken.length - MAX_LISTED_ISSUES} more` : "";
    throw new ImportError({
      code: "broken_lines",
      format,
      message: `${format ? `Not a valid ${format} transcript: ` : ""}${broken.length} of ${lines.length + broken.length} JSON lines do not parse (line ${listed}${more}); first: line ${broken[0].line}: ${broken[0].message}.`,
      issues: broken,
      totalIssues: broken.length,
    });
  }
  if (tooDeep !== null) throwTooDeep({ ...tooDeep, format });
  return { kind: "jsonl", lines };
}

/** Refuses a document that nests deeper than {@link MAX_JSON_DEPTH}, naming the line and path (see find-too-deep.ts). */
function throwTooDeep(input: { line?: number; path: string; format: string | null }): never {
  const { line, path, format } = input;
  const where = line === undefined ? path : `line ${line} (${path})`;
  throw new ImportError({
    code: "too_deep",
    format,
    message: `${format ? `Not a valid ${format} transcript: ` : ""}${where} nests deeper than ${MAX_JSON_DEPTH.toLocaleString("en-US")} levels; no transcript needs that.`,
    issues: [{ ...(line === undefined ? {} : { line }), path, message: `nests deeper than ${MAX_JSON_DEPTH} levels` }],
  });
}

function looksLikeJsonlEntry(value: object): boolean {
  return "type" in value && !("messages" in value) && !("history" in value);
}

export function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
