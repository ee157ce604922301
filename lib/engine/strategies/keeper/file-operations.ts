import type { ToolCallPart } from "../../model";
import { commandOf } from "../evidence/evidence-recognizers";
import { type FileOperation, fileOperationOf } from "../pi/file-operations";

/** One file a tool call reads, edits or writes, with the lines an edit or write put in it (null for a read). */
export interface KeeperFileOperation {
  operation: FileOperation;
  path: string;
  /** an edit's new lines not in its old text, a write's content; null for a read */
  written: string[] | null;
}

/** a line longer than this is data (a minified file, a JSON blob), not a line a person reads */
const LINE_MAX_CHARS = 400;
/** a line that is only punctuation, a number or a line-number prefix: nothing to read on its own */
const BARE = /^[\s\d\W]*$/;

/**
 * Every file a tool call reads, edits or writes, as each agent records it — not only the agents whose file tools pi's
 * lists know (`fileOperationOf`: pi's, Claude Code's, Copilot CLI's, OpenCode's and Gemini CLI's read and write tools):
 * - **an editor tool by its command**: OpenHands' `str_replace_editor` (`view`, `create`, `str_replace`, `insert`),
 *   as Anthropic's `str_replace_based_edit_tool`; Gemini CLI's `replace` (an edit of `file_path`);
 * - **a patch** (Codex's `apply_patch`, as the tool's input or a shell command's): each `*** Add File:` is a write and
 *   each `*** Update File:` an edit, with the `+` lines the patch adds that it does not also remove;
 * - **a shell command that prints one file**: `cat`, `nl`, `head`, `tail` or `sed -n 'A,Bp'` of a single path
 *   (optionally after `cd <dir> &&`, optionally piped into `sed -n 'A,Bp'`), PowerShell's `Get-Content` or cmd's
 *   `type` — how agents without a read tool read;
 * - **SWE-agent's file commands** recorded as text: `open <path> [line]` (a read) and `create <path>` (a write).
 * An empty list for any other call. The path is as the call wrote it.
 */
export function fileOperationsOf(call: ToolCallPart): KeeperFileOperation[] {
  const named = fileOperationOf(call) ?? editorOperationOf(call);
  if (named !== null) return [{ ...named, written: named.operation === "read" ? null : writtenLines(call) }];
  const patch = patchTextOf(call);
  if (patch !== null) return patchOperations(patch);
  const command = commandOf(call);
  const path = command === null ? null : shellReadPath(command);
  if (path !== null) return [{ operation: "read", path, written: null }];
  const opened = sweAgentFileCommand(call);
  return opened === null ? [] : [{ ...opened, written: null }];
}

/** SWE-agent's own file commands, recorded as the action's text: `open <path> [line]` reads, `create <path>` writes. */
const SWE_AGENT_FILE_COMMAND = /^(open|create)\s+("[^"\n]+"|'[^'\n]+'|[^\s"']+)(?:\s+\d+)?\s*$/;

function sweAgentFileCommand(call: ToolCallPart): { operation: FileOperation; path: string } | null {
  if (typeof call.input !== "string" || (call.name !== "open" && call.name !== "create")) return null;
  const match = SWE_AGENT_FILE_COMMAND.exec(call.input.trim());
  if (match === null || match[1] !== call.name) return null;
  const path = match[2].replace(/^["']|["']$/g, "");
  return { operation: match[1] === "open" ? "read" : "write", path };
}

/** OpenHands' editor (by its `command`, as Anthropic's) and Gemini CLI's `replace`. */
function editorOperationOf(call: ToolCallPart): { operation: FileOperation; path: string } | null {
  const input = call.input && typeof call.input === "object" ? (call.input as Record<string, unknown>) : null;
  if (input === null) return null;
  const name = call.name.toLowerCase().replace(/[^a-z]/g, "");
  if (name === "strreplaceeditor" && typeof input.path === "string" && input.path !== "") {
    if (input.command === "view") return { operation: "read", path: input.path };
    if (input.command === "create") return { operation: "write", path: input.path };
    if (input.command === "str_replace" || input.command === "insert") return { operation: "edit", path: input.path };
    return null;
  }
  if (name === "replace" && typeof input.file_path === "string" && input.file_path !== "") return { operation: "edit", path: input.file_path };
  return null;
}

const PATCH_START = "*** Begin Patch";

/** A patch in Codex's format: the call's input when it is one, or a command (`apply_patch <<'EOF' …`) that holds one. */
function patchTextOf(call: ToolCallPart): string | null {
  const input = call.input;
  const candidates: unknown[] = typeof input === "string" ? [input] : input && typeof input === "object" ? Object.values(input as Record<string, unknown>) : [];
  const command = commandOf(call);
  if (command !== null) candidates.push(command);
  for (const candidate of candidates) if (typeof candidate === "string" && candidate.includes(PATCH_START)) return candidate;
  return null;
}

const PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;

/** Each file an `apply_patch` patch adds or updates, with the lines it adds (a moved file keeps its old path). */
function patchOperations(patch: string): KeeperFileOperation[] {
  const operations: { operation: FileOperation; path: string; added: string[]; removed: Set<string> }[] = [];
  let current: (typeof operations)[number] | null = null;
  for (const raw of patch.split("\n")) {
    const line = raw.replace(/\r$/, "");
    const header = PATCH_FILE.exec(line);
    if (header !== null) {
      current = header[1] === "Delete" ? null : { operation: header[1] === "Add" ? "write" : "edit", path: header[2].trim(), added: [], removed: new Set() };
      if (current !== null) operations.push(current);
      continue;
    }
    if (current === null || line.startsWith("***")) continue;
    if (line.startsWith("+")) current.added.push(line.slice(1));
    else if (line.startsWith("-")) for (const removed of meaningful(line.slice(1))) current.removed.add(removed);
  }
  return operations.map(({ operation, path, added, removed }) => ({
    operation,
    path,
    written: meaningful(added.join("\n")).filter((line) => !removed.has(line)),
  }));
}

/** a single path argument: quoted, or a run without spaces, globs, pipes or redirections */
const PATH_ARGUMENT = String.raw`(?:'([^']+)'|"([^"]+)"|([^\s'"|&;<>*?$\x60()]+))`;
const LINE_RANGE = String.raw`(?:'\d+(?:,\d+)?p'|"\d+(?:,\d+)?p"|\d+(?:,\d+)?p)`;
/**
 * `cat`, `nl`, `head`, `tail` or `sed -n 'A,Bp'` of one path, its options only numbers and letters (no `-e` script,
 * no second file), after an optional `cd <dir> &&`, piped at most into `sed -n 'A,Bp'` or `head`/`tail`, with stderr
 * at most redirected.
 */
const SHELL_READ = new RegExp(
  String.raw`^(?:cd\s+\S+\s*&&\s*)?` +
    String.raw`(?:cat(?:\s+-[A-Za-z]+)*|nl(?:\s+-[A-Za-z]+)*|(?:head|tail)(?:\s+-[nc]\s*\+?\d+|\s+-\d+)?|sed\s+-n\s+${LINE_RANGE})` +
    String.raw`\s+${PATH_ARGUMENT}` +
    String.raw`(?:\s+2>(?:&1|\/dev\/null))?` +
    String.raw`(?:\s*\|\s*(?:sed\s+-n\s+${LINE_RANGE}|(?:head|tail)(?:\s+-n\s*\+?\d+|\s+-\d+)?))?\s*$`,
);

/**
 * The same on Windows: PowerShell's `Get-Content` (or its aliases `gc`, `type`, `cat`) of one path, with `-Path` or
 * `-LiteralPath`, a line count (`-TotalCount`, `-Head`, `-Tail`, `-First`), and at most a pipe into
 * `Select-Object -First|-Last|-Skip N`; or cmd's `type <file>`.
 */
const WINDOWS_READ = new RegExp(
  String.raw`^(?:Get-Content|gc|type|cat)(?:\s+-(?:Path|LiteralPath))?\s+${PATH_ARGUMENT}` +
    String.raw`(?:\s+-(?:TotalCount|Head|Tail|First)\s+\d+)?` +
    String.raw`(?:\s*\|\s*Select-Object(?:\s+-(?:First|Last|Skip)\s+\d+)+)?\s*$`,
  "i",
);
/** `powershell -Command "…"` (or `pwsh`, `-c`, with `-NoProfile`-like switches first): the script it runs. */
const POWERSHELL = /^(?:powershell(?:\.exe)?|pwsh(?:\.exe)?)(?:\s+-(?!c\b|command\b)[A-Za-z]+)*\s+-(?:c|command)\s+(.+)$/is;

/** The file a shell command prints, when it is only a read of one file (see {@link SHELL_READ}); else null. */
export function shellReadPath(command: string): string | null {
  const trimmed = command.trim();
  const script = POWERSHELL.exec(trimmed)?.[1].trim().replace(/^"(.*)"$/s, "$1").replace(/^'(.*)'$/s, "$1");
  const match = script === undefined ? (SHELL_READ.exec(trimmed) ?? WINDOWS_READ.exec(trimmed)) : WINDOWS_READ.exec(script);
  if (match === null) return null;
  const path = match[1] ?? match[2] ?? match[3];
  // an option, standard input or a folder is not a file read
  return path === undefined || path.startsWith("-") || path.endsWith("/") ? null : path;
}

/** The lines an edit or write put in the file, in order: an edit's new lines not in its old text, a write's content. */
function writtenLines(call: ToolCallPart): string[] | null {
  const input = call.input && typeof call.input === "object" ? (call.input as Record<string, unknown>) : null;
  if (input === null) return null;
  const edits = Array.isArray(input.edits) ? input.edits.filter((edit): edit is Record<string, unknown> => edit !== null && typeof edit === "object") : [input];
  const lines: string[] = [];
  for (const edit of edits) {
    const next = stringOf(edit, ["newText", "new_string", "newString", "new_str", "content", "file_text", "text"]);
    if (next === null) continue;
    const old = new Set(meaningful(stringOf(edit, ["oldText", "old_string", "oldString", "old_str"]) ?? ""));
    lines.push(...meaningful(next).filter((line) => !old.has(line)));
  }
  return lines;
}

function stringOf(record: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) if (typeof record[key] === "string") return record[key] as string;
  return null;
}

/** trimmed lines with something to read (not blank, not only brackets or punctuation) */
export function meaningful(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && line.length <= LINE_MAX_CHARS && !BARE.test(line));
}
