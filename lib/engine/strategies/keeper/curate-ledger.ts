import type { EvidenceLedger, LedgerEntry } from "../evidence/ledger";

/** words an error line may hold and still say nothing specific ("Command exited with code 1", "Process aborted") */
const GENERIC_WORDS = new Set([
  "command", "process", "exited", "exit", "with", "code", "status", "aborted", "failed", "failure", "error", "killed",
  "timed", "out", "terminated", "non", "zero", "nonzero", "returned", "the", "was", "has", "been",
]);
const GENERIC_FAILURE = /^failed: (?:command|process) exited with (?:code|status) (-?\d+)$/i;

/**
 * An error line that names nothing: only words like "command exited with code 1", no path, name or message. Thirteen
 * of them in a row say one thing the commands' outcomes already say, and push out errors a later step can act on.
 */
export function isGenericError(text: string): boolean {
  const words = text.toLowerCase().replace(/[\d.:;,!()[\]-]+/g, " ").split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((word) => GENERIC_WORDS.has(word));
}

/**
 * The ledger keeper shows, before any budget: error lines that were resolved later (`resolved`, see `trackErrors`)
 * or name nothing (`isGenericError`) are dropped, and a command's generic failure note says only its exit code. Every
 * other entry is kept as read; what is repeated elsewhere is evicted first by `fitKeeperLedger`, not here.
 */
export function curateLedger(ledger: EvidenceLedger, options: { resolvedErrors: ReadonlySet<string> }): EvidenceLedger {
  const entries: LedgerEntry[] = [];
  let dropped = 0;
  for (const entry of ledger.entries) {
    if (entry.kind === "error" && (options.resolvedErrors.has(entry.key) || isGenericError(entry.text))) {
      dropped++;
      continue;
    }
    const generic = entry.kind === "command" && entry.note !== undefined ? GENERIC_FAILURE.exec(entry.note) : null;
    entries.push(generic ? { ...entry, note: `failed (exit ${generic[1]})` } : entry);
  }
  return dropped === 0 && entries.every((entry, index) => entry === ledger.entries[index]) ? ledger : { ...ledger, entries };
}
