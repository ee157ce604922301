import type { LedgerEntry } from "../evidence/ledger";

/** The entries in the order `fitKeeperLedger` evicts them, handed out one at a time (see {@link evictionOrder}). */
export interface EvictionOrder {
  /** how many entries there are to evict */
  readonly length: number;
  /** the next entry (call at most `length` times) */
  next(): LedgerEntry;
}

/** the order within a rank: the least referenced, then the oldest last seen, then the oldest first seen */
const withinRank = (a: LedgerEntry, b: LedgerEntry) => a.refs - b.refs || a.last - b.last || a.first - b.first;

/**
 * `ranked` (entries with their ranks, in ledger order) in the order of a stable sort by rank, then `withinRank` —
 * but sorted only as far as it is read: the entries are grouped by rank (a handful of values) and a group is sorted
 * when the first of its entries is asked for. A fit usually evicts a few entries of the lowest ranks, so sorting
 * the whole ledger at every fit (entries × log entries, a ledger five times longer at a 1M window than at 200K;
 * issue #39) was mostly wasted. The order is the full sort's (eviction-order.test.ts).
 */
export function evictionOrder(ranked: readonly { entry: LedgerEntry; rank: number }[]): EvictionOrder {
  const byRank = new Map<number, LedgerEntry[]>();
  for (const { entry, rank } of ranked) {
    const group = byRank.get(rank);
    if (group) group.push(entry);
    else byRank.set(rank, [entry]);
  }
  const groups = [...byRank.entries()].sort(([a], [b]) => a - b).map(([, entries]) => entries);
  let group = -1;
  let at = 0;
  let current: LedgerEntry[] = [];
  return {
    length: ranked.length,
    next() {
      while (at >= current.length) {
        current = groups[++group];
        if (current === undefined) throw new Error("evictionOrder: no entry left");
        // Array.prototype.sort is stable: entries of one rank and equal counts stay in ledger order
        current.sort(withinRank);
        at = 0;
      }
      return current[at++];
    },
  };
}
