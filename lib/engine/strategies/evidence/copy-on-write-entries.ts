import type { LedgerEntry } from "./ledger";

/** A ledger's entries carried from an earlier ledger and changed copy on write (see {@link copyOnWriteEntries}). */
export interface CopyOnWriteEntries {
  /** the carried entries, then those added; an entry changed through `writable` is a copy in its slot */
  readonly entries: LedgerEntry[];
  /** the entry at `index`, ready to change: copied the first time (a carried entry is never changed) */
  writable(index: number): LedgerEntry;
  /** appends a new entry (this ledger's own: changed in place later); its index */
  add(entry: LedgerEntry): number;
}

/**
 * The entries of `carried` taken as they are, each copied only when it is about to change: the earlier ledger is
 * never changed, and an entry nothing touched stays the same object from one compaction to the next (keeper keeps
 * what it works out of an entry by the object; issue #39). Used by `readIntoLedger` and keeper's `addToolFacts`.
 */
export function copyOnWriteEntries(carried: readonly LedgerEntry[]): CopyOnWriteEntries {
  const entries = [...carried];
  const own = new Set<LedgerEntry>();
  return {
    entries,
    writable(index) {
      let entry = entries[index];
      if (!own.has(entry)) own.add((entry = entries[index] = { ...entry }));
      return entry;
    },
    add(entry) {
      own.add(entry);
      return entries.push(entry) - 1;
    },
  };
}
