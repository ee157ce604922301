import { isRule, splitSentences } from "../evidence/evidence-recognizers";
import type { EvidenceLedger, LedgerEntry, LedgerMessage } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";

/** a sentence longer than this is kept as its beginning */
const DIRECTIVE_MAX_CHARS = 300;
/** interjections a correction opens with ("no, …", "ok, …", "omfg …") */
const OPENER = /^(?:(?:no|nope|ok|okay|also|and|so|but|now|then|please|pls|omfg|wtf|dude|hey|yes|yeah|well)\b[\s,!.:-]*)*/i;
/** an imperative at the start: the user telling the agent what to do or how */
const IMPERATIVE =
  /^(?:use|make|keep|put|change|remove|delete|add|move|set|rename|replace|write|read|port|fix|try|run|check|look|show|stop|start|leave|let|give|create|update|revert|undo|drop|skip|ignore|avoid|only|never|always|don't|do not)\b/i;
/** a rule or correction anywhere in the sentence */
const OBLIGATION = /\b(?:should(?:n't| not)?|needs? to|has to|have to|instead|rather than|not like|the way)\b/i;

/**
 * A sentence of the user's that tells the agent what to do or how — a request, a rule, a correction: an imperative
 * after any interjection ("no, the block should stay as is", "use rgb values in the themes, no rgb indices!"), an
 * obligation ("should", "needs to", "instead"), or a standing rule (`isRule`). Keeper's own reading; the ledger's
 * rules catch only "never / always / must".
 */
export function isDirective(sentence: string): boolean {
  if (isRule(sentence)) return true;
  const body = sentence.replace(OPENER, "");
  return IMPERATIVE.test(body) || OBLIGATION.test(body);
}

/**
 * The ledger with each directive sentence of the user's messages among `messages` as a `rule` entry (verbatim, capped;
 * a sentence already a rule gains a reference). Kept when the message holding it is left out of the user's words.
 */
export function addUserDirectives(ledger: EvidenceLedger, messages: readonly LedgerMessage[]): EvidenceLedger {
  const byKey = new Map(ledger.entries.filter((entry) => entry.kind === "rule").map((entry) => [entry.key, entry]));
  const added: LedgerEntry[] = [];
  for (const { message, sessionIndex } of messages) {
    if (message.role !== "user" || message.synthetic || message.summary) continue;
    for (const part of message.parts) {
      if (part.type !== "text" || part.synthetic) continue;
      for (const sentence of splitSentences(part.text)) {
        if (!isDirective(sentence)) continue;
        const text = sentence.length > DIRECTIVE_MAX_CHARS ? `${sentence.slice(0, DIRECTIVE_MAX_CHARS)}… [${sentence.length - DIRECTIVE_MAX_CHARS} more chars]` : sentence;
        const key = ledgerKey(text);
        if (key.length < 2 || byKey.has(key)) continue;
        const entry: LedgerEntry = { kind: "rule", key, text, first: sessionIndex, last: sessionIndex, refs: 1 };
        byKey.set(key, entry);
        added.push(entry);
      }
    }
  }
  if (added.length === 0) return ledger;
  // rules are shown in the order they were first said
  const rules = [...ledger.entries.filter((entry) => entry.kind === "rule"), ...added].sort((a, b) => a.first - b.first);
  const others = ledger.entries.filter((entry) => entry.kind !== "rule");
  return { ...ledger, entries: [...rules, ...others] };
}
