import type { ToolCallPart } from "../../model";
import { commandOf, errorLines, filePathsIn, firstLine } from "../evidence/evidence-recognizers";
import type { LedgerMessage } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";
import { fileOperationsOf, type KeeperFileOperation } from "./file-operations";
import { toolOutputOf } from "./tool-facts";

/** An error line still open: its ledger key and what it came from (the command that printed it, the files it names). */
export interface OpenError {
  /** the `error` entry's key in the evidence ledger */
  key: string;
  /** `command:<first line, normalised>` and `file:<path>`: a later success on any of them resolves the error */
  subjects: readonly string[];
}

/** the evidence ledger's caps on an error line and a command's first line (entries are keyed by the capped text) */
const ERROR_MAX_CHARS = 200;
const COMMAND_MAX_CHARS = 300;

/**
 * Which error lines the next steps still need. An error is **resolved** when a later tool call succeeds on what it
 * came from: the same command runs again without an error line, or a file the error names (or the failing call
 * edited) is edited or written successfully afterwards — the agent has acted on it, and the file's last state is
 * in the ledger. An error seen again after that is open again. Reads `messages` in order, starting from `previous`
 * (the errors earlier compactions left open); returns the errors still open and the keys resolved here.
 */
export function trackErrors(previous: readonly OpenError[], messages: readonly LedgerMessage[]): { open: OpenError[]; resolved: Set<string> } {
  const open = new Map(previous.map((error) => [error.key, error]));
  const resolved = new Set<string>();
  const callsById = new Map<string, ToolCallPart>();
  for (const { message } of messages) {
    if (message.synthetic || message.summary) continue;
    for (const part of message.parts) {
      if (part.type === "tool-call") callsById.set(part.id, part);
      if (part.type !== "tool-result") continue;
      const call = callsById.get(part.callId) ?? null;
      const operations = call === null ? [] : fileOperationsOf(call);
      const subjects = call === null ? [] : subjectsOf(call, operations);
      const lines = errorLines(part.output, part.isError === true);
      if (lines.length > 0) {
        for (const line of lines) {
          const key = ledgerKey(cap(line.trim(), ERROR_MAX_CHARS));
          const named = filePathsIn(line).map((path) => `file:${normalisePath(path)}`);
          open.set(key, { key, subjects: [...new Set([...subjects, ...named])] });
          resolved.delete(key);
        }
        continue;
      }
      // a command whose wrapper reports a non-zero exit (Codex's) settles nothing either, error line or not
      if (toolOutputOf(part.output).exitCode > 0) continue;
      // a success: a command that ran clean, a file edited or written (a read settles nothing)
      const reads = operations.some((operation) => operation.operation === "read");
      const settled = new Set(reads ? subjects.filter((subject) => subject.startsWith("command:")) : subjects);
      if (settled.size === 0) continue;
      for (const [key, error] of open) {
        if (!error.subjects.some((subject) => [...settled].some((done) => sameSubject(subject, done)))) continue;
        open.delete(key);
        resolved.add(key);
      }
    }
  }
  return { open: [...open.values()], resolved };
}

function subjectsOf(call: ToolCallPart, operations: readonly KeeperFileOperation[]): string[] {
  const subjects: string[] = [];
  const command = commandOf(call);
  if (command !== null) subjects.push(`command:${ledgerKey(cap(firstLine(command), COMMAND_MAX_CHARS))}`);
  for (const operation of operations) subjects.push(`file:${normalisePath(operation.path)}`);
  return subjects;
}

/** the same command, or the same file however it is written (`../tui/src/a.ts`, `/home/x/packages/tui/src/a.ts`) */
function sameSubject(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.startsWith("file:") || !b.startsWith("file:")) return false;
  const [shorter, longer] = a.length <= b.length ? [a.slice(5), b.slice(5)] : [b.slice(5), a.slice(5)];
  return shorter.includes("/") ? longer.endsWith(`/${shorter}`) : false;
}

function normalisePath(path: string): string {
  return path.replace(/\\/g, "/").replace(/^(?:\.{1,2}\/)+/, "").replace(/\(\d+(?:,\d+)?\)$/, "");
}

function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} more chars]` : text;
}
