import type { Message, ToolCallPart, ToolResultPart } from "../model";

/** What the extractive summarizer knows about a stretch of transcript; every string is verbatim from it. */
export interface TranscriptFacts {
  goal: string | null;
  userRequests: string[];
  constraints: string[];
  lastUserRequest: string | null;
  /** the transcript ends on a user message nobody answered yet */
  requestPending: boolean;
  filesRead: string[];
  filesModified: string[];
  commands: string[];
  errors: string[];
  decisions: string[];
  /** first sentence of each assistant text, in order */
  progress: string[];
  lastAssistantText: string | null;
  lastToolCall: string | null;
  nextSteps: string[];
  dynamics: string[];
  urls: string[];
  toolCounts: Record<string, number>;
  /** texts of summaries found among the messages (an earlier compaction being summarized again) */
  earlierSummaries: string[];
}

const ITEM_CHARS = 300;
const CONSTRAINT = /\b(must|never|always|don't|do not|shouldn't|should not|prefer|only|avoid|make sure|without|no more than|at least|at most|required|keep)\b/i;
const DECISION = /\b(I'll|I will|I'm going to|let's|decided|decision|instead|chose|choose|going with|because|approach|switch(ed)? to)\b/i;
const NEXT = /\b(next|then|todo|remaining|still need|need to|will now|going to|afterwards|follow[- ]up)\b/i;
const TONE = /!|\b(please|thanks|thank you|frustrat|annoy|again|wrong|stop|great|perfect|not what|hurry|asap|careful)\b/i;
const ERROR_LINE = /(^|\s)(error|fatal|traceback|exception|panic)\b|\b[A-Z]\w*Error\b|\bFAIL(ED)?\b|\bfailed\b|exit code [1-9]/i;
/** ERROR_LINE over a whole text, `^` at every line start (see errorLines) */
const ERROR_IN_TEXT = new RegExp(ERROR_LINE.source, "im");
const MODIFY_TOOL = /write|edit|patch|create|replace|insert|delete|remove|move|rename|apply/i;
const SHELL_TOOL = /bash|shell|exec|terminal|command|run|local_shell/i;
const PATH_KEYS = ["path", "file_path", "filePath", "file", "filename", "notebook_path", "target_file"];
const PATCH_FILE = /^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm;
const URL = /https?:\/\/[^\s"'`)>\]]+/g;

/**
 * Reads messages once and keeps what a continuation needs: the goal and standing constraints from the user,
 * files read and modified, commands run, errors and tool failures, decisions, progress, the last request and
 * next steps — each kept verbatim (trimmed to a line) so paths, commands, error lines and numbers survive.
 */
export function extractFacts(messages: readonly Message[]): TranscriptFacts {
  const facts: TranscriptFacts = {
    goal: null,
    userRequests: [],
    constraints: [],
    lastUserRequest: null,
    requestPending: false,
    filesRead: [],
    filesModified: [],
    commands: [],
    errors: [],
    decisions: [],
    progress: [],
    lastAssistantText: null,
    lastToolCall: null,
    nextSteps: [],
    dynamics: [],
    urls: [],
    toolCounts: {},
    earlierSummaries: [],
  };
  const callsById = new Map<string, ToolCallPart>();
  const last: { call: ToolCallPart | null } = { call: null };
  for (const message of messages) {
    const read = readMessage(message);
    if (message.summary) {
      if (read.text) facts.earlierSummaries.push(read.text);
      continue;
    }
    for (const url of read.urls) addUnique(facts.urls, url);
    if (read.user) {
      facts.goal ??= read.user.request;
      facts.userRequests.push(read.user.firstLine);
      facts.lastUserRequest = read.user.request;
      for (const sentence of read.user.constraints) addUnique(facts.constraints, sentence);
      for (const sentence of read.user.dynamics) addUnique(facts.dynamics, sentence);
    }
    if (message.role === "assistant") {
      if (read.assistant) {
        facts.lastAssistantText = read.assistant.text;
        facts.progress.push(read.assistant.progress);
        for (const sentence of read.assistant.decisions) addUnique(facts.decisions, sentence);
        facts.nextSteps = [...read.assistant.nextSteps];
      }
      for (const part of message.parts) if (part.type === "tool-call") addToolCall(part, facts, callsById, last);
    }
    for (const part of message.parts) {
      if (part.type !== "tool-result") continue;
      const lines = errorLinesOf(part);
      if (!lines) continue;
      const call = callsById.get(part.callId);
      addUnique(facts.errors, clip(`${part.name ?? call?.name ?? "tool"}${part.isError ? " failed" : ""}: ${lines}`, 2 * ITEM_CHARS));
    }
    if (message.role !== "system") facts.requestPending = message.role === "user" && !message.synthetic && Boolean(read.text);
  }
  // only the last call is summarized: serialising every call's input for a line that is overwritten was most of the
  // garbage a long summary input made
  facts.lastToolCall = last.call ? toolCallSummary(last.call) : null;
  return facts;
}

/** What one message says on its own, before it is merged with the others (see {@link readMessage}). */
interface MessageReading {
  text: string;
  urls: readonly string[];
  /** a user's own message with text */
  user: { request: string; firstLine: string; constraints: readonly string[]; dynamics: readonly string[] } | null;
  /** an assistant message with text */
  assistant: { text: string; progress: string; decisions: readonly string[]; nextSteps: readonly string[] } | null;
}

/**
 * Readings by message, tool call and tool result. Session messages and parts are never mutated, and a strategy
 * summarizes much of the same context again at every compaction (the kept user messages, the files, the calls
 * since the last cut): each is read once, then merged in order like a fresh read. For speed only.
 */
const readings = new WeakMap<Message, MessageReading>();
const toolCallReadings = new WeakMap<ToolCallPart, ToolCallReading>();
const errorLineReadings = new WeakMap<ToolResultPart, string>();

function readMessage(message: Message): MessageReading {
  const known = readings.get(message);
  if (known) return known;
  const text = textOf(message);
  let reading: MessageReading = { text, urls: NONE, user: null, assistant: null };
  if (!message.summary) {
    const user =
      message.role === "user" && text && !message.synthetic
        ? (() => {
            const said = sentences(text);
            return {
              request: clip(text, 600),
              firstLine: clip(firstLine(text)),
              constraints: said.filter((sentence) => CONSTRAINT.test(sentence)),
              dynamics: said.filter((sentence) => TONE.test(sentence)),
            };
          })()
        : null;
    const assistant =
      message.role === "assistant" && text
        ? (() => {
            const said = sentences(text);
            return {
              text: clip(text, 600),
              progress: clip(said[0] ?? text),
              decisions: said.filter((sentence) => DECISION.test(sentence)),
              nextSteps: said.filter((sentence) => NEXT.test(sentence)),
            };
          })()
        : null;
    reading = { text, urls: text.match(URL) ?? NONE, user, assistant };
  }
  readings.set(message, reading);
  return reading;
}

/** The shared empty list of a reading with no URLs or patch files (readings are never mutated). */
const NONE: readonly string[] = [];

/** A message's text parts joined by newlines and trimmed; "" without building anything for a message with none. */
function textOf(message: Message): string {
  let text: string | null = null;
  for (const part of message.parts) {
    if (part.type === "text") text = text === null ? part.text : `${text}\n${part.text}`;
  }
  return text === null ? "" : text.trim();
}

interface ToolCallReading {
  /** paths in the input, to the files modified or read */
  paths: readonly { modified: boolean; path: string }[];
  /** files an apply_patch-style input names */
  patchFiles: readonly string[];
  command: string | null;
}

function addToolCall(part: ToolCallPart, facts: TranscriptFacts, callsById: Map<string, ToolCallPart>, last: { call: ToolCallPart | null }): void {
  callsById.set(part.id, part);
  facts.toolCounts[part.name] = (facts.toolCounts[part.name] ?? 0) + 1;
  let reading = toolCallReadings.get(part);
  if (!reading) {
    reading = readToolCall(part);
    toolCallReadings.set(part, reading);
  }
  for (const { modified, path } of reading.paths) addUnique(modified ? facts.filesModified : facts.filesRead, path);
  for (const file of reading.patchFiles) addUnique(facts.filesModified, file);
  if (reading.command !== null) addUnique(facts.commands, reading.command);
  last.call = part;
}

/** The last tool call as one clipped line: its name and input as sent. */
function toolCallSummary(part: ToolCallPart): string {
  return clip(`${part.name} ${typeof part.input === "string" ? part.input : JSON.stringify(part.input)}`, 240);
}

function readToolCall(part: ToolCallPart): ToolCallReading {
  const input = typeof part.input === "object" && part.input !== null ? (part.input as Record<string, unknown>) : {};
  const subcommand = typeof input.command === "string" && /^(view|create|str_replace|insert|undo_edit)$/.test(input.command) ? input.command : null;
  const modified = subcommand ? subcommand !== "view" : MODIFY_TOOL.test(part.name);
  const paths: { modified: boolean; path: string }[] = [];
  for (const key of PATH_KEYS) {
    const value = input[key];
    if (typeof value === "string" && value) paths.push({ modified, path: value });
  }
  const raw = typeof part.input === "string" ? part.input : typeof input.input === "string" ? input.input : typeof input.patch === "string" ? input.patch : "";
  const patchFiles = raw.includes("*** ") ? [...raw.matchAll(PATCH_FILE)].map((match) => match[1].trim()) : NONE;
  const command = input.command ?? input.cmd;
  const commandText = Array.isArray(command) ? command.join(" ") : typeof command === "string" && !subcommand ? command : null;
  return {
    paths,
    patchFiles,
    command: commandText && (SHELL_TOOL.test(part.name) || "cmd" in input || commandText.includes(" ")) ? clip(commandText, 240) : null,
  };
}

function errorLinesOf(part: ToolResultPart): string {
  let lines = errorLineReadings.get(part);
  if (lines === undefined) {
    lines = errorLines(part.output, part.isError);
    errorLineReadings.set(part, lines);
  }
  return lines;
}

/**
 * Up to three error lines of an output, verbatim (a failed call with none: its first line). Most outputs hold no
 * error line at all: one search of the whole output (ERROR_LINE per line, `^` at each line start) says so before
 * any line is split off. None of its alternatives crosses a line break, so it finds a match exactly when a line does.
 */
function errorLines(output: string, isError: boolean): string {
  const lines: string[] = [];
  if (ERROR_IN_TEXT.test(output)) {
    for (const raw of output.split("\n")) {
      const line = raw.trim();
      if (!ERROR_LINE.test(line)) continue;
      lines.push(line);
      if (lines.length === 3) break;
    }
  }
  if (lines.length === 0 && isError) lines.push(firstLine(output));
  return lines.map((line) => clip(line, 200)).join(" / ");
}

function sentences(text: string): string[] {
  const kept: string[] = [];
  for (const piece of text.split(/(?<=[.!?])\s+|\n+/)) {
    const sentence = piece.trim();
    if (sentence.length > 3) kept.push(clip(sentence));
  }
  return kept;
}

/** The first line with anything but whitespace, trimmed ("" when none), without splitting the rest of the text. */
function firstLine(text: string): string {
  for (let start = 0; start <= text.length; ) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end === -1 ? text.length : end).trim();
    if (line) return line;
    if (end === -1) break;
    start = end + 1;
  }
  return "";
}

function clip(text: string, max = ITEM_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function addUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}
