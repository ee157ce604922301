import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { EMPTY_LEDGER, readIntoLedger, type LedgerEntry } from "../evidence/ledger";
import { evictionOrder } from "./eviction-order";
import { addToolFacts } from "./tool-facts";

/** the plain definition: a stable sort of the whole list by rank, then references, last and first seen */
function sortedWhole(ranked: readonly { entry: LedgerEntry; rank: number }[]): LedgerEntry[] {
  return [...ranked].sort((a, b) => a.rank - b.rank || a.entry.refs - b.entry.refs || a.entry.last - b.entry.last || a.entry.first - b.entry.first).map(({ entry }) => entry);
}

function taken(ranked: readonly { entry: LedgerEntry; rank: number }[], count = ranked.length): LedgerEntry[] {
  const order = evictionOrder(ranked);
  expect(order.length).toBe(ranked.length);
  return Array.from({ length: count }, () => order.next());
}

describe("evictionOrder", () => {
  const read = generateSession({ seed: 41, messages: 1_500 }).messages.map((message, sessionIndex) => ({ message, sessionIndex }));
  const ledger = addToolFacts(readIntoLedger(EMPTY_LEDGER, read, { instructionMaxChars: 4_000 }), read, { referrers: [] });

  it.each([
    ["a few ranks, ties within them", (entry: LedgerEntry, at: number) => (at % 5) - 1],
    ["the kind's rank, fractional ones too", (entry: LedgerEntry) => ({ fact: 1, file: 0, result: 2.5, command: 2, finding: 3, error: 4 })[entry.kind as string] ?? -1],
    ["one rank", () => 1],
    ["every entry its own rank, descending", (_: LedgerEntry, at: number) => -at],
  ])("hands the entries out as a stable sort of the whole list orders them (%s)", (_, rankOf) => {
    const ranked = ledger.entries.map((entry, at) => ({ entry, rank: rankOf(entry, at) }));
    expect(ranked.length).toBeGreaterThan(500);
    expect(taken(ranked)).toEqual(sortedWhole(ranked));
    // read only part of the way: the same beginning
    expect(taken(ranked, 37)).toEqual(sortedWhole(ranked).slice(0, 37));
  });

  it("keeps ledger order among entries of one rank with the same counts, and refuses to go past the end", () => {
    const entry = (key: string): LedgerEntry => ({ kind: "fact", key, text: key, first: 1, last: 2, refs: 1 });
    const [a, b, c] = [entry("a"), entry("b"), { ...entry("c"), refs: 0 }];
    const order = evictionOrder([{ entry: a, rank: 1 }, { entry: b, rank: 1 }, { entry: c, rank: 1 }]);
    expect([order.next(), order.next(), order.next()]).toEqual([c, a, b]);
    expect(() => order.next()).toThrow(/no entry left/);
    expect(evictionOrder([]).length).toBe(0);
  });
});
