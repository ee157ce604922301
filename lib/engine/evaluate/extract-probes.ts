import type { Session, ToolCallPart } from "../model";
import { classifyMessages } from "../simulate/classify-messages";
import { findUserProbes } from "./find-user-probes";
import { normalizeProbeText } from "./normalize-probe-text";
import { PROBE_KINDS, type Probe, type ProbeKind, type UserProbeSpec } from "./probe";

/** Longest probe text kept; longer matches (a heredoc command, a pasted request) keep their first characters. */
export const MAX_PROBE_CHARS = 200;
/** Shortest CamelCase / camelCase / snake_case identifier worth a probe ("useState" yes, "getX" no). */
export const MIN_IDENTIFIER_CHARS = 8;
/**
 * Error probes one tool result can add. A type-check or test run prints dozens of lines of one failure
 * (`error TS2554` at 30 call sites): uncapped, one result made a quarter of a session's probes and the error
 * kind dominated every score. The first few distinct lines say what failed; the rest repeat it.
 */
export const MAX_ERROR_LINES_PER_RESULT = 3;

const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const FILE_PATH = /(?:~|\.{1,2})?(?:\/?[\w@.-]+\/)+[\w@.-]*\.[A-Za-z][A-Za-z0-9]{0,7}\b|\b[\w-]+\.(?:tsx?|jsx?|mjs|cjs|py|rs|go|java|rb|json|jsonl|ya?ml|toml|md|css|html|sh|sql|prisma|lock)\b/g;
const IDENTIFIERS: readonly RegExp[] = [
  /\bv?\d+\.\d+\.\d+(?:-[\w.]+)?\b/g, // version strings
  /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0):\d{2,5}\b|\bport \d{2,5}\b/gi, // ports
  /(?<![\w&])#\d{1,6}\b/g, // issue and PR numbers
  /\b(?:TS|E|ERR_?|HTTP)\d{3,5}\b|\bE[A-Z]{4,}\b/g, // error codes: TS2345, E0308, ENOENT
  /\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g, // CamelCase
  /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g, // camelCase
  /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, // snake_case
];
const ERROR_LINE = /^\s*(?:(?:[A-Z]\w*)?Error: |FAILED\b|FAIL |Traceback \(|fatal: |panic: |error(?:\[\w+\])?: )|\bexit(?:ed with)? code:? [1-9]\d*\b|\bexit status [1-9]\d*\b|\berror TS\d+: /;
/** error-looking lines that are code (an object key, a call) rather than output */
const CODE_LINE = /[,;{(]\s*$/;
/** imperative at the start of a sentence or clause ("don't modify the theme"), or a must / make sure anywhere */
const RULE = /(?:^|[,;:]\s*)(?:please\s+)?(?:always|never|don't|do not|avoid|only use|stop using)\b|\b(?:must|mustn't|must not|make sure|should never|should always)\b/i;
/** a choice in the first person (or a switch) — a decision wherever it stands */
const DECISION = /\b(?:I'll use|I will use|I'll go with|I'm going with|going with|let's use|let's go with|we'll use|decided|decide to|I chose|switch(?:ing)? to)\b/i;
/**
 * "X instead of Y" is a decision only when it says what is used or done: a choice verb before the "instead of"
 * ("use the theme instead of chalk", "passing a function instead of RGB"), and no hedge (a guess like "it might
 * be loading light instead of dark" or advice like "should catch this instead of crashing" is not one). On
 * pi-mono's large session this keeps 9 of the 16 "instead of" sentences the bare phrase caught.
 */
const ALTERNATIVE = /\b(?:instead of|rather than)\b/i;
const CHOICE_VERB = /\b(?:use[sd]?|using|pass(?:es|ed|ing)?|prefer(?:s|red|ring)?|pick(?:s|ed|ing)?|choose|chose|go with|went with|replace[sd]?|replacing)\b/i;
const HEDGE = /\b(?:might|may|could|would|should|if|probably|perhaps|maybe|likely|bet|seems?)\b|\?/i;
const SHELL_TOOL = /bash|shell|exec|terminal|command|run/i;
const PATH_FIELDS = ["path", "file_path", "filePath", "file", "filename"] as const;

/**
 * The probes a session offers, in order of first appearance: file paths (user and assistant text, tool-call
 * inputs), shell commands (first line of a shell-like tool's `command`/`cmd`, or of any input's `command`),
 * errors (the first {@link MAX_ERROR_LINES_PER_RESULT} distinct error-looking lines of a tool result, or the
 * first line of an error result that has none — a `> pkg@1.0 check` banner is not the error), numbers and
 * identifiers (versions, ports, issue numbers, error codes, identifiers ≥ {@link MIN_IDENTIFIER_CHARS} chars —
 * from user and assistant text only, since tool output is mostly code and logs), the user's standing rules,
 * the assistant's decisions (a first-person choice, or a non-hedged "use X instead of Y"), the last user request,
 * and the user's own probes (`options.userProbes`, see `findUserProbes`), last, in the order given.
 *
 * Deduplicated by kind + normalised text (the first occurrence wins). Skipped: recorded compaction markers and
 * summaries (what an earlier compaction wrote is not the session's own content), synthetic messages and parts,
 * and reasoning (rarely sent back to the model). Pure and deterministic.
 */
export function extractProbes(session: Session, options: { userProbes?: readonly UserProbeSpec[] } = {}): Probe[] {
  const kinds = classifyMessages(session);
  const firstStepByIndex = firstStepOfMessages(kinds);
  const probesByKey = new Map<string, Probe>();
  const countByKind = Object.fromEntries(PROBE_KINDS.map((kind) => [kind, 0])) as Record<ProbeKind, number>;
  let lastRequest: { text: string; index: number } | null = null;

  session.messages.forEach((message, index) => {
    if (kinds[index] === "recorded-marker" || kinds[index] === "recorded-summary" || message.synthetic) return;
    const add = (kind: ProbeKind, raw: string) => {
      const text = cap(raw.trim());
      const normalized = normalizeProbeText(text);
      if (normalized.length < 2 || probesByKey.has(`${kind}\u0000${normalized}`)) return;
      probesByKey.set(`${kind}\u0000${normalized}`, {
        id: `${kind}-${countByKind[kind]++}`,
        kind,
        text,
        normalized,
        firstStep: firstStepByIndex[index],
        messageId: message.id,
      });
    };
    for (const part of message.parts) {
      if (part.type === "text" && !part.synthetic && (message.role === "user" || message.role === "assistant")) {
        if (message.role === "user") lastRequest = { text: part.text, index };
        for (const sentence of splitSentences(part.text)) {
          if (message.role === "user" && RULE.test(sentence)) add("rule", sentence);
          if (message.role === "assistant" && isDecision(sentence)) add("decision", sentence);
        }
        const prose = part.text.replace(URL, " ");
        for (const path of prose.match(FILE_PATH) ?? []) add("file-path", path);
        for (const identifier of findIdentifiers(prose)) add("identifier", identifier);
      } else if (part.type === "tool-call") {
        const command = commandOf(part);
        if (command !== null) add("command", firstLine(command));
        for (const path of inputPaths(part.input)) add("file-path", path);
        if (command !== null) for (const path of command.replace(URL, " ").match(FILE_PATH) ?? []) add("file-path", path);
      } else if (part.type === "tool-result") {
        for (const line of errorLines(part.output, part.isError === true)) add("error", line);
      }
    }
  });
  if (lastRequest !== null) {
    const { text, index } = lastRequest as { text: string; index: number };
    const trimmed = cap(text.trim());
    const normalized = normalizeProbeText(trimmed);
    if (normalized) {
      probesByKey.set(`last-request\u0000${normalized}`, {
        id: "last-request-0",
        kind: "last-request",
        text: trimmed,
        normalized,
        firstStep: firstStepByIndex[index],
        messageId: session.messages[index].id,
      });
    }
  }
  const skip = (index: number) => kinds[index] === "recorded-marker" || kinds[index] === "recorded-summary" || session.messages[index].synthetic === true;
  return [...probesByKey.values(), ...findUserProbes({ session, specs: options.userProbes ?? [], firstStepByIndex, skip })];
}

function isDecision(sentence: string): boolean {
  if (DECISION.test(sentence)) return true;
  const alternative = ALTERNATIVE.exec(sentence);
  return alternative !== null && CHOICE_VERB.test(sentence.slice(0, alternative.index)) && !HEDGE.test(sentence);
}

/** The error probes of one tool result: see {@link MAX_ERROR_LINES_PER_RESULT}; distinct by normalised text. */
function errorLines(output: string, isError: boolean): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const line of output.split("\n")) {
    if (lines.length === MAX_ERROR_LINES_PER_RESULT) break;
    if (!ERROR_LINE.test(line) || CODE_LINE.test(line)) continue;
    const key = normalizeProbeText(line);
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  if (lines.length === 0 && isError && output.trim()) lines.push(firstLine(output));
  return lines;
}

/** For each message, the number of the first model call after it (the call count when none follows). */
function firstStepOfMessages(kinds: readonly string[]): number[] {
  const callCount = kinds.filter((kind) => kind === "call").length;
  const result = new Array<number>(kinds.length);
  let next = callCount;
  for (let index = kinds.length - 1; index >= 0; index--) {
    result[index] = next;
    if (kinds[index] === "call") next--;
  }
  return result;
}

function commandOf(part: ToolCallPart): string | null {
  const input = part.input;
  if (typeof input === "string") return SHELL_TOOL.test(part.name) && input.trim() ? input : null;
  if (!input || typeof input !== "object") return null;
  const record = input as Record<string, unknown>;
  const value = record.command ?? (SHELL_TOOL.test(part.name) ? record.cmd : undefined);
  if (typeof value === "string" && value.trim()) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string") && value.length > 0) {
    // ["bash", "-lc", "npm test"] → the script itself
    const last = value[value.length - 1] as string;
    return value.length >= 3 && /^(?:ba|z)?sh$/.test(String(value[0])) ? last : value.join(" ");
  }
  return null;
}

function inputPaths(input: unknown): string[] {
  if (!input || typeof input !== "object") return [];
  const record = input as Record<string, unknown>;
  return PATH_FIELDS.flatMap((field) => (typeof record[field] === "string" && (record[field] as string).trim() ? [record[field] as string] : []));
}

function findIdentifiers(text: string): string[] {
  const found: string[] = [];
  IDENTIFIERS.forEach((pattern, index) => {
    for (const match of text.match(pattern) ?? []) {
      // the three identifier patterns need length; versions, ports, issues and codes are short by nature
      if (index >= IDENTIFIERS.length - 3 && match.length < MIN_IDENTIFIER_CHARS) continue;
      found.push(match);
    }
  });
  return found;
}

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/^[\s\-*>#\d.)]+/, "").trim())
    .filter((sentence) => sentence.length >= 8);
}

function firstLine(text: string): string {
  return text.trim().split("\n", 1)[0];
}

function cap(text: string): string {
  return text.length > MAX_PROBE_CHARS ? text.slice(0, MAX_PROBE_CHARS) : text;
}
