/** Where in an uploaded file a problem was found: a 1-based JSONL line, or a JSON path like `$.messages[3].role`. */
export interface SourceLocation {
  line?: number;
  path?: string;
}

export interface ImportIssue extends SourceLocation {
  message: string;
}

export type ImportErrorCode =
  | "empty_file"
  | "not_json"
  | "broken_lines"
  | "unknown_format"
  | "invalid_format"
  | "no_messages"
  | "too_deep"
  | "pick_out_of_range";

/** Cap on the broken lines listed in one error, so a binary upload does not produce a megabyte of message. */
export const MAX_LISTED_ISSUES = 20;

/**
 * A file that does not fit the chosen or detected format. The message names the format tried, where
 * (line or JSON path) and what was expected, so the user can fix the file; `issues` lists every broken
 * line up to {@link MAX_LISTED_ISSUES}.
 */
export class ImportError extends Error {
  readonly code: ImportErrorCode;
  readonly format: string | null;
  readonly issues: ImportIssue[];
  readonly totalIssues: number;

  constructor(options: {
    code: ImportErrorCode;
    format: string | null;
    message: string;
    issues?: ImportIssue[];
    totalIssues?: number;
  }) {
    super(options.message);
    this.name = "ImportError";
    this.code = options.code;
    this.format = options.format;
    this.issues = (options.issues ?? []).slice(0, MAX_LISTED_ISSUES);
    this.totalIssues = options.totalIssues ?? options.issues?.length ?? 0;
  }
}

/** Describes a location for a message: "line 12" or "$.messages[3].role". */
export function describeLocation(location: SourceLocation): string {
  if (location.line !== undefined) return location.path ? `line ${location.line} (${location.path})` : `line ${location.line}`;
  return location.path ?? "the file";
}

/**
 * Throws an {@link ImportError} for a value that does not have the shape a format needs.
 * Importers call it as `fail("codex", {line: 4, path: "payload.call_id"}, "a string call id")`.
 */
export function invalid(format: string, location: SourceLocation, expected: string, found?: unknown): never {
  const where = describeLocation(location);
  // a field read from a record that is not there: say so (an older or newer variant of the format may lack it)
  const got = found !== undefined ? `, found ${describeValue(found)}` : location.path && FIELD_AT_END.test(location.path) ? `, but the field is missing` : "";
  throw new ImportError({
    code: "invalid_format",
    format,
    message: `Not a valid ${format} transcript: at ${where} expected ${expected}${got}.`,
    issues: [{ ...location, message: `expected ${expected}${got}` }],
  });
}

/** a path ending in a named field (`message`, `$.messages[0].role`, `payload.call_id`), not an index or the root */
const FIELD_AT_END = /(^|\.)[A-Za-z_$][\w$]*$|\["[^"]*"\]$/;

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === "string") return value.length > 40 ? `a string "${value.slice(0, 40)}…"` : `"${value}"`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}
