import type { ToolCallPart, ToolResultPart } from "../../model";

/** A digest line is at most this long. */
export const DIGEST_MAX_CHARS = 220;
const INPUT_MAX_CHARS = 80;

/**
 * One line saying what a tool call did and what it returned — `find_file numpy_handler.py → Found 3 matches …` —
 * so the artifact trail survives when the result itself is masked and compacted: the call's most telling input
 * (a path, a command, a pattern, else its first string), then the result's first lines joined, capped at
 * {@link DIGEST_MAX_CHARS}. An empty result gives none.
 */
export function digestToolResult(call: ToolCallPart | null, result: ToolResultPart): string | null {
  const output = result.output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join(" ⏎ ");
  if (!output) return null;
  const name = call?.name ?? result.name ?? "tool";
  const input = call ? inputOf(call.input) : "";
  const head = `${name}${input ? ` ${input}` : ""} → `;
  const room = Math.max(40, DIGEST_MAX_CHARS - head.length);
  return `${head}${output.length > room ? `${output.slice(0, room)}…` : output}`;
}

function inputOf(input: unknown): string {
  if (typeof input === "string") return cap(input.split("\n", 1)[0]);
  if (!input || typeof input !== "object" || Array.isArray(input)) return "";
  const record = input as Record<string, unknown>;
  for (const key of ["command", "cmd", "path", "file_path", "filePath", "pattern", "query", "description", "url"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return cap(value.split("\n", 1)[0]);
  }
  const first = Object.values(record).find((value): value is string => typeof value === "string" && value.trim().length > 0);
  return first ? cap(first.split("\n", 1)[0]) : "";
}

function cap(text: string): string {
  return text.length > INPUT_MAX_CHARS ? `${text.slice(0, INPUT_MAX_CHARS)}…` : text;
}
