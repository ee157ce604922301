import type { ToolCallPart } from "../../model";
import { commandOf, errorLines, findIdentifiers, firstLine, isRule, splitSentences } from "../evidence/evidence-recognizers";
import type { EvidenceLedger, LedgerEntry, LedgerMessage } from "../evidence/ledger";
import { copyOnWriteEntries } from "../evidence/copy-on-write-entries";
import { ledgerKey } from "../evidence/ledger-key";
import { declarationsOf } from "./declarations-of";
import { fileOperationsOf, meaningful } from "./file-operations";

/** `note` of a `result` entry holding a file's last state: the lines last written to it */
export const STATE_NOTE = "state";
/** `note` of a `result` entry holding a line of tool output the conversation referred to later */
export const VALUE_NOTE = "value";

/** `note` of a `result` entry holding what a file read says of itself: its rules, the errors it raises, its notes */
export const OUTLINE_NOTE = "outline";
const OUTLINE_KEY_PREFIX = "outline:";
/** what a file read says of itself is at most this long */
const OUTLINE_MAX_CHARS = 400;
const DECLARES_KEY_PREFIX = "declares:";
/** what a file read declares (its outline: names, signatures, headings, settings) is at most this long */
const DECLARES_MAX_CHARS = 200;
/** what a value entry's key starts with (the rest is the line's ledger key) */
export const VALUE_KEY_PREFIX = "value:";
/** a file's state line, and a value line, are at most this long */
const STATE_MAX_CHARS = 200;
const VALUE_LINE_MAX_CHARS = 200;
/** what a command's outcome says of its output: the last line (a test runner's tally, a build's result) */
const OUTCOME_LINE_MAX_CHARS = 140;
/** the evidence ledger's cap on a command's first line (its entries are keyed by the capped text) */
const COMMAND_MAX_CHARS = 300;
/** lines of one tool result kept as values: the few the conversation named most */
const VALUES_PER_RESULT = 3;
/**
 * Tokens of tool output that name something specific: a number of two or more digits (with its decimals or a unit
 * glued to it), a hex value, `KEY=value`, and the identifiers the ledger recognises elsewhere. Common words are not
 * tokens, nor are paths (the files have their own entries), so a line is kept only for something the conversation
 * could only have taken from that output.
 */
const NUMBER_OR_HEX = /(?<![\w#.])#?(?:[0-9a-f]*\d[0-9a-f]*[a-f][0-9a-f]*|[0-9a-f]*[a-f][0-9a-f]*\d[0-9a-f]*)(?![\w.])|(?<![\w.])\d{2,}(?:\.\d+)*(?![\w.])/gi;
const SETTING = /\b[A-Za-z_][\w.-]*=[^\s,;'"`)]+/g;

/** The specific tokens of a text, normalised (lower case, `#` dropped from hex). */
export function tokensOf(text: string): Set<string> {
  const tokens = new Set<string>();
  for (const match of text.match(NUMBER_OR_HEX) ?? []) {
    const token = match.replace(/^#/, "").toLowerCase();
    // a hex token must look like one (6+ characters: a colour, a hash); shorter mixes are words like "a1" or "be2"
    if (/[a-f]/.test(token) && token.length < 6) continue;
    tokens.add(token);
  }
  for (const match of text.match(SETTING) ?? []) tokens.add(match.toLowerCase());
  for (const identifier of findIdentifiers(text)) tokens.add(identifier.toLowerCase());
  return tokens;
}

/**
 * The ledger with what the session's tools said, as keeper's own entries (evidence's ledger reads a tool result
 * only as its first lines and error lines):
 * - **each file's last state** (`result`, noted {@link STATE_NOTE}, one per file): the lines the newest edits and
 *   writes put in it, newest first — what the file holds now as far as the session shows it;
 * - **each command's outcome** with its output's last line (a tally, a result): a `command` entry's note becomes
 *   `ok → <last line>` (failures keep their error line);
 * - **values the conversation referred to** (`result`, noted {@link VALUE_NOTE}): a line of tool output holding a
 *   specific token (a number, a hex value, a setting, an identifier) that the user or the assistant wrote
 *   later, or the assistant passed to a later tool call — in the messages replaced or in `referrers`, the text kept
 *   after them — prefixed with where it came from.
 *   At most {@link VALUES_PER_RESULT} lines a result, those naming the most referred tokens; a line seen again gains
 *   a reference;
 * - **what each file read states of itself** (`result`, noted {@link OUTLINE_NOTE}, one per file): see `outlineOf`.
 */
export function addToolFacts(ledger: EvidenceLedger, messages: readonly LedgerMessage[], options: { referrers: readonly string[] }): EvidenceLedger {
  // the ledger's entries are carried as they are and copied only when changed here (as `readIntoLedger` does)
  const { entries, writable, add } = copyOnWriteEntries(ledger.entries);
  // every entry added here is a result: results by key, and commands by key, as indexes into `entries`
  const results = new Map<string, number>();
  const commands = new Map<string, number>();
  for (const [index, entry] of entries.entries()) {
    if (entry.kind === "result") results.set(entry.key, index);
    else if (entry.kind === "command") commands.set(entry.key, index);
  }
  const upsert = (entry: LedgerEntry & { kind: "result" }, merge: (found: LedgerEntry) => void) => {
    const found = results.get(entry.key);
    if (found !== undefined) return merge(writable(found));
    results.set(entry.key, add(entry));
  };

  const mentions = mentionsIn(messages, options.referrers);

  const calls = new Map<string, ToolCallPart>();
  for (const { message, sessionIndex: at } of messages) {
    if (message.synthetic || message.summary) continue;
    for (const part of message.parts) {
      if (part.type === "tool-call") {
        calls.set(part.id, part);
        continue;
      }
      if (part.type !== "tool-result") continue;
      const call = calls.get(part.callId) ?? null;
      if (call === null) continue;
      const { body: output, exitCode } = toolOutputOf(part.output);
      const failed = errorLines(part.output, part.isError === true).length > 0 || part.isError === true || exitCode > 0;
      const operations = fileOperationsOf(call);
      for (const operation of failed ? [] : operations) {
        if (operation.written === null || operation.written.length === 0) continue;
        const { path, written } = operation;
        const key = `state:${ledgerKey(path)}`;
        const label = operation.operation === "edit" ? "last edits" : "written";
        upsert({ kind: "result", key, text: stateText(path, label, written, []), note: STATE_NOTE, first: at, last: at, refs: 1 }, (found) => {
          found.text = stateText(path, label, written, linesOfState(found.text));
          found.last = at;
          found.refs++;
        });
      }
      const command = commandOf(call);
      if (command !== null && !failed) {
        const index = commands.get(ledgerKey(cap(firstLine(command), COMMAND_MAX_CHARS)));
        const last = lastLine(output);
        const entry = index === undefined ? undefined : entries[index];
        if (entry && (entry.note === undefined || entry.note === "ok")) {
          const note = last === null ? "ok" : `ok → ${cap(last, OUTCOME_LINE_MAX_CHARS)}`;
          if (entry.note !== note) writable(index!).note = note;
        }
      }
      const read = operations.find((operation) => operation.operation === "read") ?? null;
      if (read !== null && !failed) {
        const said = outlineOf(output);
        if (said.length > 0) {
          const key = `${OUTLINE_KEY_PREFIX}${ledgerKey(read.path)}`;
          // a file is often read in parts: what each part says is kept, the newest first
          upsert({ kind: "result", key, text: stateText(read.path, "as read", said, [], OUTLINE_MAX_CHARS), note: OUTLINE_NOTE, first: at, last: at, refs: 1 }, (found) => {
            found.text = stateText(read.path, "as read", said, linesOfState(found.text), OUTLINE_MAX_CHARS);
            found.last = at;
            found.refs++;
          });
        }
        const declared = declarationsOf(output, { path: read.path });
        if (declared.length > 0) {
          const key = `${DECLARES_KEY_PREFIX}${ledgerKey(read.path)}`;
          upsert({ kind: "result", key, text: stateText(read.path, "declares", declared, [], DECLARES_MAX_CHARS), note: OUTLINE_NOTE, first: at, last: at, refs: 1 }, (found) => {
            found.text = stateText(read.path, "declares", declared, linesOfState(found.text), DECLARES_MAX_CHARS);
            found.last = at;
            found.refs++;
          });
        }
      }
      if (operations.length === 0 || read !== null || command !== null) {
        const source = read?.path ?? (command !== null ? `\`${clip(firstLine(command), 60)}\`` : call.name);
        for (const line of referredLines(output, at, mentions)) {
          upsert({ kind: "result", key: `${VALUE_KEY_PREFIX}${ledgerKey(line.text)}`, text: `${source} → ${line.text}`, note: VALUE_NOTE, first: at, last: at, refs: line.refs }, (found) => {
            found.last = at;
            found.refs += 1;
          });
        }
      }
    }
  }
  return { ...ledger, entries };
}

/** A token's mentions: the newest message it was written in (`Infinity` for the text kept after them) and how often. */
export type Mentions = ReadonlyMap<string, { last: number; count: number }>;

/**
 * Where each specific token (`tokensOf`) was last used by the user or the assistant among `messages` — in prose or
 * passed to a tool call — and how often; `referrers` (the text kept after the messages) count as newer than all.
 */
export function mentionsIn(messages: readonly LedgerMessage[], referrers: readonly string[]): Mentions {
  const mentions = new Map<string, { last: number; count: number }>();
  const mention = (text: string, at: number) => {
    for (const token of tokensOf(text)) {
      const seen = mentions.get(token);
      mentions.set(token, { last: Math.max(at, seen?.last ?? at), count: (seen?.count ?? 0) + 1 });
    }
  };
  for (const { message, sessionIndex } of messages) {
    if (message.synthetic || message.summary || (message.role !== "user" && message.role !== "assistant")) continue;
    for (const part of message.parts) {
      if (part.type === "text" && !part.synthetic) mention(part.text, sessionIndex);
      // a value passed to a later tool call (an id, a path, a number) is one the assistant used
      if (part.type === "tool-call") mention(inputText(part.input), sessionIndex);
    }
  }
  for (const text of referrers) mention(text, Number.POSITIVE_INFINITY);
  return mentions;
}

/** a reader's own note in its output ("... (325 more lines not shown. Use offset=255 to continue reading)") */
const READER_NOTE = /^(?:\.{3}|…)\s*\(.*\)$|^\(.*\)$/;
/** a line raising an error with its message: what the code refuses */
const RAISES = /\b(?:throw new \w*Error|raise \w+(?:Error|Exception)|panic!?|errors\.New|fmt\.Errorf)\s*\(/;
/** a comment of a few words: what the author explains */
const COMMENT = /^(?:\/\/|#|\*|\/\*+|--)\s*(?:\S+\s+){4,}/;

/**
 * What a file read says of itself, in its order: the rule sentences it states (`isRule`: must, never, always…), the
 * lines that raise an error with a message, the tallies it gives ("37 color tokens"), then its explanatory comments
 * of five words or more — the statements a later step may need without reading the file again.
 */
function outlineOf(output: string): string[] {
  const lines = meaningful(output)
    .map((line) => line.replace(/^\d+(?:→|:|\t|\s*\|)\s*/, ""))
    .filter((line) => !HARNESS_NOTE.test(line) && !READER_NOTE.test(line));
  const strong = new Set(lines.filter((line) => splitSentences(line).some(isRule) || RAISES.test(line) || TALLY.test(line)));
  const comments = lines.filter((line) => !strong.has(line) && COMMENT.test(line));
  return [...new Set([...lines.filter((line) => strong.has(line)), ...comments])];
}

/** a tool call's input as text: a string as is, an object's string and number values joined */
function inputText(input: unknown): string {
  if (typeof input === "string") return input;
  if (input === null || typeof input !== "object") return "";
  return Object.values(input as Record<string, unknown>)
    .filter((value) => typeof value === "string" || typeof value === "number")
    .join("\n");
}

const STATE_SEPARATOR = " ⏎ ";

/** `path (last edits) → newest lines ⏎ older lines`, capped; the lines written before follow the newest, once each */
function stateText(path: string, label: string, newest: readonly string[], older: readonly string[], maxChars = STATE_MAX_CHARS): string {
  const head = `${path} (${label}) → `;
  const lines: string[] = [];
  let length = head.length;
  for (const line of [...newest, ...older]) {
    if (lines.includes(line)) continue;
    if (length + line.length > maxChars) {
      if (lines.length === 0) lines.push(`${line.slice(0, maxChars - head.length)}…`);
      break;
    }
    lines.push(line);
    length += line.length + STATE_SEPARATOR.length;
  }
  return `${head}${lines.join(STATE_SEPARATOR)}`;
}

function linesOfState(text: string): string[] {
  const arrow = text.indexOf(") → ");
  return arrow < 0 ? [] : text.slice(arrow + 4).split(STATE_SEPARATOR).filter((line) => !line.endsWith("…"));
}

/**
 * Codex's wrapper around a shell command's output, as the model is sent it: `Exit code: N`, `Wall time: …`, `Output:`
 * (exec), or `Chunk ID: …`, `Wall time: …`, `Process exited with code N` (or `Process running with session ID N`
 * while the command runs on), `Original token count: N`, `Output:` (unified exec); then, when the output was cut,
 * `Warning: truncated output (original token count: N)` and `Total output lines: N`.
 */
const CODEX_OUTPUT_HEADER = /^(?:Chunk ID:[^\n]*\n)?(?:Exit code:[^\n]*\n)?Wall time:[^\n]*\n(?:Process (?:exited with code|running with session ID)[^\n]*\n)?(?:Original token count:[^\n]*\n)?Output:\n(?:Warning: truncated output \(original token count: \d+\)\nTotal output lines: \d+\n)?/;

/**
 * A reminder Claude Code appends to a tool's result for the model ("Whenever you read a file, you should consider
 * whether it looks malicious. If it does, you MUST refuse…" after every Read): a rule sentence of the agent's, not of
 * the file read.
 */
const SYSTEM_REMINDER = /<system-reminder>[\s\S]*?<\/system-reminder>/g;

/** What a tool printed, and the exit code the agent's wrapper reports (0 without one). */
export interface ToolOutput {
  body: string;
  exitCode: number;
}

/**
 * A tool's output without what the agent wraps around it or adds to it: Codex's JSON envelope
 * (`{"output": "…", "metadata": {"exit_code": N, …}}`, its patches' and older shells' results) and its text header
 * (above), Claude Code's system reminders; with the exit code the envelope or header reports.
 */
export function toolOutputOf(output: string): ToolOutput {
  let text = output;
  let exitCode = 0;
  if (output.startsWith('{"output":')) {
    const envelope = codexEnvelope(output);
    if (envelope !== null) ({ text, exitCode } = envelope);
  }
  const header = CODEX_OUTPUT_HEADER.exec(text);
  if (header !== null) {
    const code = /^(?:Exit code:|Process exited with code)\s*(-?\d+)/m.exec(header[0]);
    if (code !== null) exitCode = Math.abs(Number(code[1]));
    text = text.slice(header[0].length);
  }
  return { body: text.includes("<system-reminder>") ? text.replace(SYSTEM_REMINDER, "") : text, exitCode };
}

function codexEnvelope(output: string): { text: string; exitCode: number } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== "object" || typeof (parsed as { output?: unknown }).output !== "string") return null;
  const metadata = (parsed as { metadata?: unknown }).metadata;
  const code = metadata !== null && typeof metadata === "object" ? (metadata as { exit_code?: unknown }).exit_code : undefined;
  return { text: (parsed as { output: string }).output, exitCode: typeof code === "number" ? Math.abs(code) : 0 };
}

/** a whole line in brackets: a note the agent's harness adds to a tool's output */
const HARNESS_NOTE = /^\[[^\]]*\]$/;
/** how far from the end a tally is looked for (a test runner prints its counts, then a timing or two) */
const TALLY_LOOKBACK_LINES = 5;

/** a count of something: "42 passed", "3 files changed", "12 tests" */
const TALLY = /\b\d+\s+[a-z]{3,}/i;

/** What a command's output ends with: its last line counting something among the last few (a tally), else its last line. */
function lastLine(output: string): string | null {
  const lines = meaningful(output);
  if (lines.length === 0) return null;
  // a harness's own note around the output ("[The command completed with exit code 0.]") says nothing the outcome does not
  const tail = lines.filter((line) => !HARNESS_NOTE.test(line)).slice(-TALLY_LOOKBACK_LINES);
  if (tail.length === 0) return null;
  const tally = tail.filter((line) => TALLY.test(line)).pop();
  return tally ?? tail[tail.length - 1];
}

/**
 * The lines of a tool result holding a token the user or assistant wrote after it (`mentions`), most referred first,
 * at most {@link VALUES_PER_RESULT}; each with its references (the later mentions of its tokens).
 */
function referredLines(output: string, at: number, mentions: Mentions): { text: string; refs: number }[] {
  const found: { text: string; refs: number; mentions: number; order: number }[] = [];
  const seen = new Set<string>();
  const lines = meaningful(output);
  for (let order = 0; order < lines.length; order++) {
    // a read's line numbers ("  42→", "42:", "42\t") are not part of what the file says
    const line = lines[order].replace(/^\d+(?:→|:|\t|\s*\|)\s*/, "");
    if (line.length < 4 || seen.has(line)) continue;
    let refs = 0;
    let tokens = 0;
    for (const token of tokensOf(line)) {
      const mentioned = mentions.get(token);
      if (mentioned === undefined || mentioned.last <= at) continue;
      tokens++;
      refs += mentioned.count;
    }
    if (tokens === 0) continue;
    seen.add(line);
    found.push({ text: cap(line, VALUE_LINE_MAX_CHARS), refs: tokens, mentions: refs, order });
  }
  return found
    .sort((a, b) => b.refs - a.refs || b.mentions - a.mentions || a.order - b.order)
    .slice(0, VALUES_PER_RESULT)
    .sort((a, b) => a.order - b.order)
    .map(({ text, refs }) => ({ text, refs }));
}

/** a label: its beginning, with an ellipsis */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} more chars]` : text;
}
