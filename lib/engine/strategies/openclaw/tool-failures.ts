import type { Message } from "../../model";

export interface ToolFailure {
  toolName: string;
  summary: string;
}

/** Failures listed in a summary; the newest are kept. */
const MAX_FAILURES = 8;
const SUMMARY_CHARS = 160;

/** Seed 001 §2: failed tool results of the summarized messages, so the model does not retry them blindly. */
export function collectToolFailures(messages: readonly Message[]): ToolFailure[] {
  const failures: ToolFailure[] = [];
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type !== "tool-result" || !part.isError) continue;
      const line = part.output.split("\n").find((text) => text.trim() !== "")?.trim() ?? "(no output)";
      failures.push({ toolName: part.name ?? "tool", summary: line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line });
    }
  }
  return failures;
}

/** The failures as a section appended to the summary ("" when there are none). */
export function formatToolFailures(failures: readonly ToolFailure[]): string {
  if (failures.length === 0) return "";
  const shown = failures.slice(-MAX_FAILURES);
  const more = failures.length > shown.length ? `\n- …and ${failures.length - shown.length} earlier failure(s)` : "";
  return `\n\n## Tool Failures\n${shown.map((failure) => `- ${failure.toolName}: ${failure.summary}`).join("\n")}${more}`;
}
