import type { Session } from "../model";
import { classifyMessages } from "../simulate/classify-messages";
import { messageText } from "./context-text";
import { inputFileBaseNames, shellScriptOf, wordsOf } from "./continuation-recognizers";
import { findUserProbes } from "./find-user-probes";
import { firstStepOfMessages } from "./first-step-of-messages";
import { normalizeProbeText } from "./normalize-probe-text";
import { PROBE_KINDS, type Probe, type ProbeKind, type UserProbeSpec } from "./probe";
import { failureLines, firstLine, isChoice, isStandingRule, sentencesOf } from "./probe-recognizers";
import { fileNamesOfCall, isBareFileName, isSlashedPath, isUrl, MIN_NAME_CHARS, termShape, termsOf } from "./session-terms";

/** Longest probe text kept; longer matches (a heredoc command, a pasted request) keep their first characters. */
export const MAX_PROBE_CHARS = 200;
export { MAX_ERROR_LINES_PER_RESULT } from "./probe-recognizers";
/** The shortest name taken as an identifier probe (`session-terms.ts`). */
export const MIN_IDENTIFIER_CHARS = MIN_NAME_CHARS;
/**
 * The version of what `extractSessionProbes` finds: raise it whenever a change finds other probes, so probes stored
 * with a session (lib/runs/session-probes.ts) under an older version are extracted again.
 */
export const PROBES_VERSION = 1;

/**
 * The probes a session offers, in order of first appearance, on one principle: a fact is what a later message of
 * the session literally reuses. Term facts — file paths (named by a tool call's file fields or an apply_patch
 * envelope, or written with a separator in prose and commands; a bare `name.ext` only when a tool call names that
 * file), shell commands (the first line of a call's script), and names, numbers and error codes with a fact's shape
 * (`termShape`) in user and assistant text — count only when a later message (any: prose, a tool input, a tool
 * result) holds them again. Sentence facts need no reuse: the user's standing rules, the assistant's choices
 * (`isChoice`), the failure lines of tool results (the first {@link MAX_ERROR_LINES_PER_RESULT} distinct ones, or
 * the first line of an error result that has none), and the last user request. Then the user's own probes
 * (`options.userProbes`, see `findUserProbes`), last, in the order given.
 *
 * Deduplicated by kind + normalised text (the first occurrence wins). Skipped: recorded compaction markers and
 * summaries (what an earlier compaction wrote is not the session's own content), synthetic messages and parts,
 * and reasoning (rarely sent back to the model). Pure and deterministic.
 */
export function extractProbes(session: Session, options: { userProbes?: readonly UserProbeSpec[] } = {}): Probe[] {
  return withUserProbes({ session, sessionProbes: extractSessionProbes(session), userProbes: options.userProbes ?? [] });
}

/**
 * `extractProbes(session, { userProbes })` from the session's own probes (`extractSessionProbes(session)`, which a
 * caller may have stored): those, then the user's, found in the session as `extractProbes` finds them. A new array.
 */
export function withUserProbes(options: { session: Session; sessionProbes: readonly Probe[]; userProbes: readonly UserProbeSpec[] }): Probe[] {
  const { session } = options;
  if (options.userProbes.length === 0) return [...options.sessionProbes];
  const kinds = classifyMessages(session);
  return [...options.sessionProbes, ...findUserProbes({ session, specs: options.userProbes, firstStepByIndex: firstStepOfMessages(kinds), skip: skippedMessages(session, kinds) })];
}

/** Messages no probe is taken from: recorded compaction markers and summaries, and synthetic messages. */
function skippedMessages(session: Session, kinds: ReturnType<typeof classifyMessages>): (index: number) => boolean {
  return (index) => kinds[index] === "recorded-marker" || kinds[index] === "recorded-summary" || session.messages[index].synthetic === true;
}

/** The session's own probes: `extractProbes` without the user's (which it appends after these). Versioned by {@link PROBES_VERSION}. */
export function extractSessionProbes(session: Session): Probe[] {
  const kinds = classifyMessages(session);
  const firstStepByIndex = firstStepOfMessages(kinds);
  const probesByKey = new Map<string, Probe>();
  const countByKind = Object.fromEntries(PROBE_KINDS.map((kind) => [kind, 0])) as Record<ProbeKind, number>;
  let lastRequest: { text: string; index: number } | null = null;

  const skipped = skippedMessages(session, kinds);
  // where each word (lower-cased, with its pieces) and each normalised message text is last seen: what "reused later" looks up
  const lastSeen = new Map<string, number>();
  const normalizedTexts: string[] = [];
  const knownFiles = new Set<string>();
  session.messages.forEach((message, index) => {
    const text = skipped(index) ? "" : messageText(message);
    normalizedTexts.push(normalizeProbeText(text));
    for (const word of wordsOf(text.toLowerCase())) lastSeen.set(word, index);
    for (const part of message.parts) if (part.type === "tool-call") for (const name of inputFileBaseNames(part.input)) knownFiles.add(name);
  });
  const reusedAfter = (index: number, term: string) => {
    const words = wordsOf(term.toLowerCase());
    if (words.length === 1) return (lastSeen.get(words[0]) ?? -1) > index;
    // a phrase (a path with its folders, a command): every word seen later, then the whole of it in one later message
    if (!words.every((word) => (lastSeen.get(word) ?? -1) > index)) return false;
    const needle = normalizeProbeText(term);
    for (let later = index + 1; later < normalizedTexts.length; later++) if (normalizedTexts[later].includes(needle)) return true;
    return false;
  };

  session.messages.forEach((message, index) => {
    if (skipped(index)) return;
    const add = (kind: ProbeKind, raw: string) => {
      const text = cap(raw.trim());
      const normalized = normalizeProbeText(text);
      const key = `${kind}\u0000${normalized}`;
      if (normalized.length < 2 || probesByKey.has(key)) return;
      probesByKey.set(key, { id: `${kind}-${countByKind[kind]++}`, kind, text, normalized, firstStep: firstStepByIndex[index], messageId: message.id });
    };
    const addPathsIn = (text: string) => {
      for (const term of termsOf(text)) {
        if (isUrl(term)) continue;
        if ((isSlashedPath(term) || (isBareFileName(term) && knownFiles.has(term.toLowerCase()))) && reusedAfter(index, term)) add("file-path", term);
      }
    };
    for (const part of message.parts) {
      if (part.type === "text" && !part.synthetic && (message.role === "user" || message.role === "assistant")) {
        if (message.role === "user") lastRequest = { text: part.text, index };
        for (const sentence of sentencesOf(part.text)) {
          if (message.role === "user" && isStandingRule(sentence)) add("rule", sentence);
          if (message.role === "assistant" && isChoice(sentence)) add("decision", sentence);
        }
        addPathsIn(part.text);
        for (const term of termsOf(part.text)) if (!isUrl(term) && termShape(term) !== null && reusedAfter(index, term)) add("identifier", term);
      } else if (part.type === "tool-call") {
        for (const name of fileNamesOfCall(part.input)) if (reusedAfter(index, name)) add("file-path", name);
        const script = shellScriptOf(part);
        if (script !== null) {
          const command = firstLine(script);
          if (reusedAfter(index, command)) add("command", command);
          addPathsIn(script);
        }
      } else if (part.type === "tool-result") {
        for (const line of failureLines(part.output, part.isError === true)) add("error", line);
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
  return [...probesByKey.values()];
}

function cap(text: string): string {
  return text.length > MAX_PROBE_CHARS ? text.slice(0, MAX_PROBE_CHARS) : text;
}
