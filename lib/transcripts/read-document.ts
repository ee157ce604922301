import { findTooDeep, MAX_JSON_DEPTH } from "./find-too-deep";
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
    // a one-line JSONL file is also valid JSON; it is read as JSONL when it is a single object line
    if (!trimmed.includes("\n") && !Array.isArray(whole.value) && looksLikeJsonlEntry(whole.value)) {
      return checkedDepth({ kind: "jsonl", lines: [{ line: 1, value: whole.value }] }, format);
    }
    return checkedDepth({ kind: "json", value: whole.value }, format);
  }
  const rawLines = trimmed.split(/\r?\n/);
  const lines: JsonLine[] = [];
  const broken: ImportIssue[] = [];
  rawLines.forEach((raw, index) => readJsonLine({ raw, line: index + 1, lines, broken }));
  return jsonLinesDocument({ lines, broken, format, whyNotJson: whole.ok ? "a JSON object or array" : whole.error });
}

/** One line of a JSON-lines file: skipped when blank, else added to `lines` when it parses and to `broken` when not. */
export function readJsonLine(input: { raw: string; line: number; lines: JsonLine[]; broken: ImportIssue[] }): void {
  if (input.raw.trim().length === 0) return;
  const parsed = tryParse(input.raw);
  if (parsed.ok) input.lines.push({ line: input.line, value: parsed.value });
  else input.broken.push({ line: input.line, message: parsed.error });
}

/**
 * The document of a file read as JSON lines: refused when no line parses (`not_json`) or some do not
 * (`broken_lines`, every broken line listed up to a cap), or when a line nests too deep. Shared with
 * readDocumentBytes, which reads the lines straight from an upload's bytes.
 */
export function jsonLinesDocument(input: { lines: JsonLine[]; broken: ImportIssue[]; format: string | null; whyNotJson: string }): TranscriptDocument {
  const { lines, broken, format } = input;
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
  return checkedDepth({ kind: "jsonl", lines }, format);
}

/** Refuses a document that nests deeper than {@link MAX_JSON_DEPTH}, naming the line and path (see find-too-deep.ts). */
function checkedDepth(document: TranscriptDocument, format: string | null): TranscriptDocument {
  const values = document.kind === "json" ? [{ line: undefined, value: document.value }] : document.lines;
  for (const { line, value } of values) {
    const path = findTooDeep(value);
    if (path === null) continue;
    const where = line === undefined ? path : `line ${line} (${path})`;
    throw new ImportError({
      code: "too_deep",
      format,
      message: `${format ? `Not a valid ${format} transcript: ` : ""}${where} nests deeper than ${MAX_JSON_DEPTH.toLocaleString("en-US")} levels; no transcript needs that.`,
      issues: [{ ...(line === undefined ? {} : { line }), path, message: `nests deeper than ${MAX_JSON_DEPTH} levels` }],
    });
  }
  return document;
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
