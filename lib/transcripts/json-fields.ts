import { invalid, type SourceLocation } from "./import-error";

/**
 * Typed reads of untrusted JSON for the importers. Every failing read throws through {@link invalid}, naming
 * the JSON path (and line, for JSONL) of the field and what was expected, so a user can find the problem.
 * Unknown extra fields are never an error: the readers only look at what they are asked for.
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Where a value sits: a JSON path, plus the JSONL line it is on when the file is JSON lines. */
export interface FieldLocation {
  format: string;
  path: string;
  line?: number;
}

export function childLocation(location: FieldLocation, key: string | number): FieldLocation {
  const step = typeof key === "number" ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  return { ...location, path: `${location.path}${step}` };
}

export function sourceLocation(location: FieldLocation): SourceLocation {
  return location.line === undefined ? { path: location.path } : { line: location.line, path: location.path };
}

export function fail(location: FieldLocation, expected: string, found?: unknown): never {
  return invalid(location.format, sourceLocation(location), expected, found);
}

export function expectRecord(value: unknown, location: FieldLocation, expected = "an object"): JsonRecord {
  if (!isRecord(value)) fail(location, expected, value);
  return value;
}

export function expectArray(value: unknown, location: FieldLocation, expected = "an array"): unknown[] {
  if (!Array.isArray(value)) fail(location, expected, value);
  return value;
}

/** `record[key]` as a string; a missing key fails too. */
export function expectString(record: JsonRecord, key: string, location: FieldLocation, expected?: string): string {
  const value = record[key];
  if (typeof value !== "string") fail(childLocation(location, key), expected ?? `a string "${key}"`, value);
  return value;
}

/** `record[key]` as a string, undefined when absent or null; any other type fails. */
export function optionalString(record: JsonRecord, key: string, location: FieldLocation): string | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") fail(childLocation(location, key), `a string "${key}" or nothing`, value);
  return value;
}

/** `record[key]` as a finite number, undefined when absent or null; any other type fails. */
export function optionalNumber(record: JsonRecord, key: string, location: FieldLocation): number | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    fail(childLocation(location, key), `a number "${key}" or nothing`, value);
  }
  return value;
}

/** The first characters of a text on one line, for session titles. */
export function titleSnippet(text: string, maxChars = 80): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > maxChars ? `${line.slice(0, maxChars - 1)}…` : line;
}
