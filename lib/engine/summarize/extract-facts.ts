import type { Message, ToolCallPart } from "../model";

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
  for (const message of messages) {
    const text = message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n").trim();
    if (message.summary) {
      if (text) facts.earlierSummaries.push(text);
      continue;
    }
    for (const url of text.match(URL) ?? []) addUnique(facts.urls, url);
    if (message.role === "user" && text && !message.synthetic) {
      facts.goal ??= clip(text, 600);
      facts.userRequests.push(clip(firstLine(text)));
      facts.lastUserRequest = clip(text, 600);
      for (const sentence of sentences(text)) {
        if (CONSTRAINT.test(sentence)) addUnique(facts.constraints, sentence);
        if (TONE.test(sentence)) addUnique(facts.dynamics, sentence);
      }
    }
    if (message.role === "assistant") {
      if (text) {
        facts.lastAssistantText = clip(text, 600);
        facts.progress.push(clip(sentences(text)[0] ?? text));
        for (const sentence of sentences(text)) if (DECISION.test(sentence)) addUnique(facts.decisions, sentence);
        facts.nextSteps = sentences(text).filter((sentence) => NEXT.test(sentence));
      }
      for (const part of message.parts) if (part.type === "tool-call") readToolCall(part, facts, callsById);
    }
    for (const part of message.parts) {
      if (part.type !== "tool-result") continue;
      const call = callsById.get(part.callId);
      const lines = errorLines(part.output, part.isError);
      if (lines) addUnique(facts.errors, clip(`${part.name ?? call?.name ?? "tool"}${part.isError ? " failed" : ""}: ${lines}`, 2 * ITEM_CHARS));
    }
    if (message.role !== "system") facts.requestPending = message.role === "user" && !message.synthetic && Boolean(text);
  }
  return facts;
}

function readToolCall(part: ToolCallPart, facts: TranscriptFacts, callsById: Map<string, ToolCallPart>): void {
  callsById.set(part.id, part);
  facts.toolCounts[part.name] = (facts.toolCounts[part.name] ?? 0) + 1;
  const input = typeof part.input === "object" && part.input !== null ? (part.input as Record<string, unknown>) : {};
  const subcommand = typeof input.command === "string" && /^(view|create|str_replace|insert|undo_edit)$/.test(input.command) ? input.command : null;
  const modifies = subcommand ? subcommand !== "view" : MODIFY_TOOL.test(part.name);
  for (const key of PATH_KEYS) {
    const value = input[key];
    if (typeof value === "string" && value) addUnique(modifies ? facts.filesModified : facts.filesRead, value);
  }
  const raw = typeof part.input === "string" ? part.input : typeof input.input === "string" ? input.input : typeof input.patch === "string" ? input.patch : "";
  for (const match of raw.matchAll(PATCH_FILE)) addUnique(facts.filesModified, match[1].trim());
  const command = input.command ?? input.cmd;
  const commandText = Array.isArray(command) ? command.join(" ") : typeof command === "string" && !subcommand ? command : null;
  if (commandText && (SHELL_TOOL.test(part.name) || "cmd" in input || commandText.includes(" "))) addUnique(facts.commands, clip(commandText, 240));
  facts.lastToolCall = clip(`${part.name} ${typeof part.input === "string" ? part.input : JSON.stringify(part.input)}`, 240);
}

/** Up to three error lines of an output, verbatim (a failed call with none: its first line). */
function errorLines(output: string, isError: boolean): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => ERROR_LINE.test(line))
    .slice(0, 3);
  if (lines.length === 0 && isError) lines.push(firstLine(output));
  return lines.map((line) => clip(line, 200)).join(" / ");
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 3)
    .map((sentence) => clip(sentence));
}

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim())?.trim() ?? "";
}

function clip(text: string, max = ITEM_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function addUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}
