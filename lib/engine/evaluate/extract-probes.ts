import type { Session } from "../model";
import { URL, commandOf, errorLines, filePathsIn, findIdentifiers, firstLine, inputPaths, isDecision, isRule, splitSentences } from "./probe-recognizers";
import { classifyMessages } from "../simulate/classify-messages";
import { findUserProbes } from "./find-user-probes";
import { firstStepOfMessages } from "./first-step-of-messages";
import { normalizeProbeText } from "./normalize-probe-text";
import { PROBE_KINDS, type Probe, type ProbeKind, type UserProbeSpec } from "./probe";

/** Longest probe text kept; longer matches (a heredoc command, a pasted request) keep their first characters. */
export const MAX_PROBE_CHARS = 200;
export { MAX_ERROR_LINES_PER_RESULT, MIN_IDENTIFIER_CHARS } from "./probe-recognizers";

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
          if (message.role === "user" && isRule(sentence)) add("rule", sentence);
          if (message.role === "assistant" && isDecision(sentence)) add("decision", sentence);
        }
        for (const path of filePathsIn(part.text)) add("file-path", path);
        for (const identifier of findIdentifiers(part.text.replace(URL, " "))) add("identifier", identifier);
      } else if (part.type === "tool-call") {
        const command = commandOf(part);
        if (command !== null) add("command", firstLine(command));
        for (const path of inputPaths(part.input)) add("file-path", path);
        if (command !== null) for (const path of filePathsIn(command)) add("file-path", path);
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

function cap(text: string): string {
  return text.length > MAX_PROBE_CHARS ? text.slice(0, MAX_PROBE_CHARS) : text;
}
