import fs from "node:fs";

/** Enough of a session file to hold its first records (a Codex session_meta with its instructions runs to ~20 KB). */
const HEAD_BYTES = 256 * 1024;

/**
 * The JSON objects on the first lines of a JSON-lines file (at most `lines`, within its first 256 KB), for what an
 * agent writes at the top — a working directory, a session id — without reading a large session whole. Lines that
 * are not JSON objects (or cut off at 256 KB) are left out; an unreadable file gives none.
 */
export function readHeadRecords(file: string, lines: number): Record<string, unknown>[] {
  const head = readHeadText(file, HEAD_BYTES);
  const records: Record<string, unknown>[] = [];
  for (const line of head.split("\n").slice(0, lines)) {
    try {
      const value: unknown = JSON.parse(line);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) records.push(value as Record<string, unknown>);
    } catch {
      // a blank line, or the last one cut off at the head's end
    }
  }
  return records;
}

/** The first `bytes` of a file as text (the last character may be cut); "" when it cannot be read. */
export function readHeadText(file: string, bytes: number): string {
  try {
    const descriptor = fs.openSync(file, "r");
    try {
      const buffer = Buffer.alloc(bytes);
      return buffer.toString("utf8", 0, fs.readSync(descriptor, buffer, 0, bytes, 0));
    } finally {
      fs.closeSync(descriptor);
    }
  } catch {
    return "";
  }
}

/** The first string field `name` among records (or their `payload`), or undefined. */
export function firstStringField(records: readonly Record<string, unknown>[], name: string): string | undefined {
  for (const record of records) {
    const value = record[name] ?? (record.payload as Record<string, unknown> | undefined)?.[name];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}
