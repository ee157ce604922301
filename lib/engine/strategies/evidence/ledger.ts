import { commandOf, errorLines, filePathsIn, findIdentifiers, firstLine, inputPaths, isDecision, isRule, splitSentences, URL } from "./evidence-recognizers";
import { digestToolResult } from "./digest-tool-result";
import { findingsOf } from "./findings-of";
import { copyOnWriteEntries } from "./copy-on-write-entries";
import { ledgerKey } from "./ledger-key";
import type { Message, ToolCallPart, ToolResultPart } from "../../model";
import { fileOperationOf } from "../pi/file-operations";

/**
 * The `evidence` strategy's ledger: the specific facts of the messages a compaction replaced, kept as structured
 * state (never re-read from text), merged from one compaction into the next and held under a hard token budget.
 *
 * Kinds, in the order they are shown:
 * - `instruction`: a user message, verbatim (capped);
 * - `rule`: a standing rule sentence of the user's ("never …", "must …"), kept even when its message was capped;
 * - `request`: the newest user message the ledger has read (one slot);
 * - `decision`: a choice the assistant stated;
 * - `finding`: a sentence of the assistant's that states something specific (a value with its meaning, what a
 *   file or function does, a cause), verbatim (see `findingsOf`);
 * - `file`: a path with the last thing done to it (read, edited, written, run by a command, mentioned);
 * - `command`: a shell command's first line with its outcome (ok, or the first error line);
 * - `result`: one line per tool result — the call and the result's first lines (see `digestToolResult`);
 * - `error`: a distinctive error line of a tool result;
 * - `fact`: a version, port, issue number, error code, identifier or setting mentioned by the user or assistant.
 */
export const LEDGER_KINDS = ["instruction", "rule", "request", "decision", "finding", "file", "command", "result", "error", "fact"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  /** normalised text: the dedupe key within the kind */
  key: string;
  /** verbatim from the transcript, capped */
  text: string;
  /** file: the last operation; command: the outcome */
  note?: string;
  /** session index of the message it was first and last seen in */
  first: number;
  last: number;
  /** how often it was seen (mentions, re-reads, re-runs) */
  refs: number;
}

export interface EvidenceLedger {
  /** in order of first appearance within each kind */
  entries: readonly LedgerEntry[];
  /** session messages the ledger has read, over every compaction */
  messagesRead: number;
  /** entries evicted to stay within the budget, over every compaction */
  evicted: number;
}

export const EMPTY_LEDGER: EvidenceLedger = { entries: [], messagesRead: 0, evicted: 0 };

/** Caps on single entries; a longer text keeps its beginning and says how much was left out. */
export interface LedgerLimits {
  /** a user message kept as an instruction */
  instructionMaxChars: number;
}

const REQUEST_MAX_CHARS = 2_000;
const ITEM_MAX_CHARS = 300;
const OUTCOME_MAX_CHARS = 160;
/** an error line (a type checker's can run to 300 characters; the first 200 say what failed) */
const ERROR_MAX_CHARS = 200;
/** `KEY=value`, `--flag=value`, `--flag value` with a number, and numbers with a unit: the settings and limits mentioned */
const SETTINGS = [
  /\b[A-Za-z_][\w.-]*=[^\s,;'"`)]+/g,
  /(?<!\w)--[a-z][\w-]*(?:=|\s+)\d[\w.]*/g,
  /\b\d[\d,]*(?:\.\d+)?\s?(?:ms|s|sec|seconds|minutes|min|h|KB|MB|GB|KiB|MiB|GiB|tokens|chars|lines|px|%)(?!\w)/g,
];
/** what a tool did to a path, from the least to the most telling (a later, weaker operation does not hide an edit) */
const OPERATION_RANK: Readonly<Record<string, number>> = { mentioned: 0, "named in a command": 1, read: 2, edited: 3, written: 3 };

/** One session message the ledger reads, with its index in the session. */
export interface LedgerMessage {
  message: Message;
  sessionIndex: number;
}

/**
 * Reads messages into the ledger: returns a new ledger with their facts merged into `previous` (deduplicated by
 * kind + normalised text; a fact seen again gains a reference and moves its `last`). Pure; nothing is evicted
 * here (see {@link fitLedger}).
 */
export function readIntoLedger(previous: EvidenceLedger, messages: readonly LedgerMessage[], limits: LedgerLimits): EvidenceLedger {
  // the previous ledger's entries are carried as they are and copied only when a message changes one
  const { entries: order, writable, add: append } = copyOnWriteEntries(previous.entries);
  const indexByKind = new Map<LedgerKind, Map<string, number>>();
  const indexOf = (kind: LedgerKind) => {
    let byKey = indexByKind.get(kind);
    if (!byKey) indexByKind.set(kind, (byKey = new Map()));
    return byKey;
  };
  for (const [index, entry] of order.entries()) indexOf(entry.kind).set(entry.key, index);
  const add = (kind: LedgerKind, rawText: string, at: number, note?: string, options: { replaceText?: boolean; rankNote?: boolean; refs?: number } = {}) => {
    const text = rawText.trim();
    const key = ledgerKey(text);
    if (key.length < 2) return;
    const byKey = indexOf(kind);
    const index = byKey.get(key);
    if (index !== undefined) {
      const found = writable(index);
      found.refs++;
      found.last = at;
      if (options.replaceText) found.text = text;
      if (note !== undefined && (!options.rankNote || (OPERATION_RANK[note] ?? 0) >= (OPERATION_RANK[found.note ?? ""] ?? 0))) found.note = note;
      return;
    }
    const entry: LedgerEntry = { kind, key, text, first: at, last: at, refs: options.refs ?? 1, ...(note === undefined ? {} : { note }) };
    byKey.set(key, append(entry));
  };
  let request: { text: string; at: number } | null = null;
  const callsById = new Map<string, ToolCallPart>();

  for (const { message, sessionIndex: at } of messages) {
    if (message.synthetic || message.summary) continue;
    const results = new Map<string, ToolResultPart>();
    for (const part of message.parts) if (part.type === "tool-result") results.set(part.callId, part);
    for (const part of message.parts) {
      if (part.type === "text" && !part.synthetic && message.role === "user") {
        const text = part.text.trim();
        if (!text) continue;
        add("instruction", cap(text, limits.instructionMaxChars), at);
        for (const sentence of splitSentences(text)) if (isRule(sentence)) add("rule", cap(sentence, ITEM_MAX_CHARS), at);
        request = { text: cap(text, REQUEST_MAX_CHARS), at };
        readProse(text, at, add);
      } else if (part.type === "text" && !part.synthetic && message.role === "assistant") {
        for (const sentence of splitSentences(part.text)) if (isDecision(sentence)) add("decision", cap(sentence, ITEM_MAX_CHARS), at);
        // a finding's initial references are its specifics: the denser ones are evicted last within their tier
        for (const finding of findingsOf(part.text)) if (!isDecision(finding.text)) add("finding", finding.text, at, undefined, { refs: finding.specifics });
        readProse(part.text, at, add);
      } else if (part.type === "tool-call") {
        callsById.set(part.id, part);
        const operation = fileOperationOf(part);
        if (operation) add("file", operation.path, at, operation.operation === "read" ? "read" : operation.operation === "edit" ? "edited" : "written", { rankNote: true });
        else for (const path of inputPaths(part.input)) add("file", path, at, `${part.name}`, { rankNote: true });
        const command = commandOf(part);
        if (command !== null) {
          const result = results.get(part.id) ?? null;
          add("command", cap(firstLine(command), ITEM_MAX_CHARS), at, result === null ? undefined : outcomeOf(result));
          for (const path of filePathsIn(command)) add("file", path, at, "named in a command", { rankNote: true });
        }
      } else if (part.type === "tool-result") {
        for (const line of errorLines(part.output, part.isError === true)) add("error", cap(line.trim(), ERROR_MAX_CHARS), at);
        const digest = digestToolResult(callsById.get(part.callId) ?? null, part);
        if (digest !== null) add("result", digest, at);
      }
    }
  }
  // a command's result usually arrives in the next message: fill outcomes the call's own message could not
  fillOutcomes(order, messages, writable);
  if (request !== null) {
    const { text, at } = request as { text: string; at: number };
    const slot = order.findIndex((entry) => entry.kind === "request");
    const entry: LedgerEntry = { kind: "request", key: ledgerKey(text), text, first: at, last: at, refs: 1 };
    if (slot === -1) order.push(entry);
    else order[slot] = entry;
  }
  return { entries: order, messagesRead: previous.messagesRead + messages.length, evicted: previous.evicted };
}

/** Prose of the user or assistant: the paths, identifiers and settings it names. */
function readProse(text: string, at: number, add: (kind: LedgerKind, text: string, at: number, note?: string, options?: { rankNote?: boolean }) => void): void {
  for (const path of filePathsIn(text)) add("file", path, at, "mentioned", { rankNote: true });
  const prose = text.replace(URL, " ");
  for (const identifier of findIdentifiers(prose)) add("fact", identifier, at);
  for (const pattern of SETTINGS) for (const setting of prose.match(pattern) ?? []) add("fact", cap(setting, 80), at);
}

/** ok, or what failed: the first error line (or first line of an error result), with the exit code when printed. */
function outcomeOf(result: ToolResultPart): string {
  const errors = errorLines(result.output, result.isError === true);
  if (errors.length === 0) return result.isError ? "failed" : "ok";
  return `failed: ${cap(errors[0].trim(), OUTCOME_MAX_CHARS)}`;
}

function fillOutcomes(entries: readonly LedgerEntry[], messages: readonly LedgerMessage[], writable: (index: number) => LedgerEntry): void {
  const commands = new Map<string, number>();
  for (const [index, entry] of entries.entries()) if (entry.kind === "command") commands.set(entry.key, index);
  const pending = new Map<string, string>();
  for (const { message } of messages) {
    for (const part of message.parts) {
      if (part.type === "tool-call") {
        const command = commandOf(part);
        if (command !== null) pending.set(part.id, ledgerKey(cap(firstLine(command), ITEM_MAX_CHARS)));
      } else if (part.type === "tool-result") {
        const key = pending.get(part.callId);
        if (key === undefined) continue;
        const index = commands.get(key);
        if (index !== undefined) {
          const note = outcomeOf(part);
          if (entries[index].note !== note) writable(index).note = note;
        }
        pending.delete(part.callId);
      }
    }
  }
}

function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} more chars]` : text;
}

// ---------------------------------------------------------------------------------------------------------------
// rendering and the budget

const SECTION_TITLES: Readonly<Record<LedgerKind, string>> = {
  instruction: "User messages (verbatim)",
  rule: "Standing rules (verbatim)",
  request: "Latest request",
  decision: "Decisions",
  finding: "Findings (the assistant's own words)",
  result: "Tool results (call → first lines)",
  file: "Files (last operation)",
  command: "Commands (outcome)",
  error: "Errors seen",
  fact: "Names, numbers and settings",
};

/** How a ledger is shown to the model. `openRequest`: no user message is kept after the ledger, so its latest request is still the open one. */
export interface RenderLedgerOptions {
  openRequest: boolean;
  budgetTokens: number;
}

export function renderLedger(ledger: EvidenceLedger, options: RenderLedgerOptions): string {
  const sections: string[] = [];
  const instructions = ledger.entries.filter((entry) => entry.kind === "instruction").map((entry) => entry.key);
  const request = ledger.entries.find((entry) => entry.kind === "request");
  for (const kind of LEDGER_KINDS) {
    let entries = ledger.entries.filter((entry) => entry.kind === kind);
    // the latest request is shown in its own section, not twice
    if (kind === "instruction" && request) entries = entries.filter((entry) => entry.first !== request.first);
    // a rule already inside a user message shown whole is not repeated
    if (kind === "rule") entries = entries.filter((entry) => !instructions.some((instruction) => instruction.includes(entry.key)));
    if (entries.length === 0) continue;
    const title = kind === "request" ? (options.openRequest ? "Open request (the newest user message; not answered in what follows)" : SECTION_TITLES.request) : SECTION_TITLES[kind];
    sections.push(`## ${title}\n${renderSection(kind, entries)}`);
  }
  const evicted = ledger.evicted > 0 ? `\n(${ledger.evicted} older, less referenced entries are left out to stay within ${options.budgetTokens.toLocaleString("en-US")} tokens.)` : "";
  return (
    `[Evidence ledger: exact facts from the ${ledger.messagesRead.toLocaleString("en-US")} earlier messages that are no longer shown, ` +
    `recorded deterministically (nothing here was written by a model).]\n\n${sections.join("\n\n")}${evicted}`
  );
}

/** Files are grouped by their last operation, facts run on one line; the rest are one line each. */
function renderSection(kind: LedgerKind, entries: readonly LedgerEntry[]): string {
  if (kind === "fact") return entries.map((entry) => entry.text).join(" · ");
  if (kind === "file") {
    const byOperation = new Map<string, string[]>();
    for (const entry of entries) {
      const operation = entry.note ?? "mentioned";
      byOperation.set(operation, [...(byOperation.get(operation) ?? []), entry.text]);
    }
    return [...byOperation].map(([operation, paths]) => `- ${operation}: ${paths.join(" · ")}`).join("\n");
  }
  return entries.map(renderEntry).join("\n");
}

function renderEntry(entry: LedgerEntry): string {
  const times = entry.refs > 1 && (entry.kind === "command" || entry.kind === "error") ? ` (×${entry.refs})` : "";
  switch (entry.kind) {
    case "command":
      return `- \`${entry.text}\`${entry.note ? `: ${entry.note}` : ""}${times}`;
    case "request":
      return entry.text;
    case "fact":
    case "file":
      return `${entry.text} · `;
    default:
      return `- ${entry.text}${times}`;
  }
}

/**
 * Eviction tiers, lowest first: tool result digests, names and numbers, paths only mentioned and commands that
 * succeeded; then findings, files a tool worked on and commands that failed; then errors and decisions; then the
 * user's messages; then — only when nothing else is left to evict, so the hard budget always holds — the user's
 * rules, oldest first. The latest request is never evicted.
 */
function tierOf(entry: LedgerEntry): number {
  switch (entry.kind) {
    case "request":
      return 5;
    case "rule":
      return 4;
    case "finding":
      return 1;
    case "instruction":
      return 3;
    case "error":
    case "decision":
      return 2;
    case "command":
      return entry.note === "ok" ? 0 : 1;
    case "file":
      return entry.note === "mentioned" || entry.note === "named in a command" ? 0 : 1;
    default:
      return 0;
  }
}

/**
 * The ledger within `budgetTokens` as `measure` counts its rendered text: entries are evicted oldest and least
 * referenced first (fewest references, then the oldest last sighting) within each tier (see `tierOf`), user
 * messages only after every other kind, rules only when nothing else is left, the latest request never. Returns the ledger kept and its rendered text.
 */
export function fitLedger(
  ledger: EvidenceLedger,
  options: RenderLedgerOptions & { measure: (text: string) => number },
): { ledger: EvidenceLedger; text: string; tokens: number } {
  let current = ledger;
  let text = renderLedger(current, options);
  let tokens = options.measure(text);
  if (tokens <= options.budgetTokens) return { ledger: current, text, tokens };
  const candidates = current.entries
    .filter((entry) => tierOf(entry) < 5)
    .sort((a, b) => tierOf(a) - tierOf(b) || a.refs - b.refs || a.last - b.last || a.first - b.first);
  // evict by estimated line cost first (one pass), then check the real rendering and evict more if needed
  const lineCost = new Map(candidates.map((entry) => [entry, options.measure(`${renderEntry(entry)}\n`)]));
  let excess = tokens - options.budgetTokens;
  const evicted = new Set<LedgerEntry>();
  let next = 0;
  while (excess > 0 && next < candidates.length) {
    const entry = candidates[next++];
    evicted.add(entry);
    excess -= lineCost.get(entry) ?? 0;
  }
  for (;;) {
    current = { ...ledger, entries: ledger.entries.filter((entry) => !evicted.has(entry)), evicted: ledger.evicted + evicted.size };
    text = renderLedger(current, options);
    tokens = options.measure(text);
    if (tokens <= options.budgetTokens || next >= candidates.length) return { ledger: current, text, tokens };
    evicted.add(candidates[next++]);
  }
}
