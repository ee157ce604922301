import { splitSentences } from "../evidence/evidence-recognizers";
import type { EvidenceLedger, LedgerEntry, LedgerMessage } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";

/** the `note` of a finding that is plain prose of the assistant's (not one the ledger chose): ranked below every fact */
export const PROSE_NOTE = "prose";
/** shorter sentences say little on their own ("Let me check.", "Done!") */
const PROSE_MIN_CHARS = 40;
const PROSE_MAX_CHARS = 300;

/**
 * The ledger with every sentence of the assistant's prose among `messages` that is not yet a finding or a decision,
 * as a finding noted {@link PROSE_NOTE}: what it explained and reported in its own words. Ranked last
 * (`keeperRankOf`), so it only fills room every fact leaves, newest kept longest.
 */
export function addAssistantProse(ledger: EvidenceLedger, messages: readonly LedgerMessage[]): EvidenceLedger {
  const known = new Set(ledger.entries.filter((entry) => entry.kind === "finding" || entry.kind === "decision").map((entry) => entry.key));
  const added: LedgerEntry[] = [];
  for (const { message, sessionIndex } of messages) {
    if (message.role !== "assistant" || message.synthetic || message.summary) continue;
    for (const part of message.parts) {
      if (part.type !== "text" || part.synthetic) continue;
      for (const sentence of splitSentences(part.text)) {
        if (sentence.length < PROSE_MIN_CHARS) continue;
        const text = sentence.length > PROSE_MAX_CHARS ? `${sentence.slice(0, PROSE_MAX_CHARS)}… [${sentence.length - PROSE_MAX_CHARS} more chars]` : sentence;
        const key = ledgerKey(text);
        if (known.has(key)) continue;
        known.add(key);
        added.push({ kind: "finding", key, text, note: PROSE_NOTE, first: sessionIndex, last: sessionIndex, refs: 1 });
      }
    }
  }
  if (added.length === 0) return ledger;
  const findings = [...ledger.entries.filter((entry) => entry.kind === "finding"), ...added].sort((a, b) => a.first - b.first);
  return { ...ledger, entries: [...ledger.entries.filter((entry) => entry.kind !== "finding"), ...findings] };
}
