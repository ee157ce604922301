import type { EvidenceLedger, LedgerEntry } from "../evidence/ledger";
import { evictedNote, ledgerPreamble, type KeeperLedgerLayout, type LedgerLineFormat } from "./render-keeper-ledger";
import type { TextWeights } from "./text-weights";

/** One line of a section as counted: how many shown entries are on it, how many add an item and what their items weigh. */
interface LineCount {
  head: number;
  format: LedgerLineFormat;
  entries: number;
  items: number;
  itemWeight: number;
}

interface SectionCount {
  title: number;
  lines: Map<unknown, LineCount>;
  /** lines with at least one entry shown, and their weight */
  shownLines: number;
  lineWeight: number;
}

/** A ledger's rendered size kept as running counts while entries are evicted (see {@link keeperLedgerSize}). */
export interface KeeperLedgerSize {
  /**
   * the tokens of the rendering with the entries evicted so far, its note saying `evictedTotal` were left out to stay
   * within `budgetTokens` (default: the budget it was made with)
   */
  tokens(evictedTotal: number, budgetTokens?: number): number;
  /** leaves the entry out (an entry of the ledger, not evicted before) */
  evict(entry: LedgerEntry): void;
}

/**
 * The size of `ledger`'s rendering (`keeperLedgerRenderer` with `layout`) as running counts, for `fitKeeperLedger`:
 * each line's and section's weight is kept as its entries' weights add up (see `LedgerLineFormat`), so evicting an
 * entry costs what changes — its own lines, and the entries its leaving shows again (a file whose last state is no
 * longer shown) — not a rendering of the whole ledger. `weights` must add up over concatenation (`TextWeights`); then
 * `tokens` is exactly what measuring the rendering gives (fit-keeper-ledger.test.ts checks it against the rendering).
 * Knows nothing of the kinds of entries: only the layout's sections, lines and hiding keys.
 */
export function keeperLedgerSize(ledger: EvidenceLedger, options: { layout: KeeperLedgerLayout; budgetTokens: number; weights: TextWeights }): KeeperLedgerSize {
  const { layout, weights } = options;
  const { weight } = weights;
  const newline = weight("\n");
  const blankLine = weight("\n\n");
  const sections: SectionCount[] = layout.titles.map((title) => ({ title: weight(title), lines: new Map(), shownLines: 0, lineWeight: 0 }));
  const preamble = weight(ledgerPreamble(ledger));
  let shownSections = 0;
  let sectionWeight = 0;
  const heads = new Map<string, number>();
  const headWeight = (head: string) => {
    let value = heads.get(head);
    if (value === undefined) heads.set(head, (value = weight(head)));
    return value;
  };
  const itemWeights = new Map<LedgerEntry, number[]>();

  const joins = new Map<LedgerLineFormat, { open: number; separator: number }>();
  const joinsOf = (format: LedgerLineFormat) => {
    let value = joins.get(format);
    if (value === undefined) joins.set(format, (value = { open: weight(format.open), separator: weight(format.separator) }));
    return value;
  };
  const lineWeightOf = (line: LineCount) => {
    if (line.entries === 0) return 0;
    if (line.items === 0) return line.head;
    const { open, separator } = joinsOf(line.format);
    return line.head + open + line.itemWeight + (line.items - 1) * separator;
  };
  const sectionWeightOf = (section: SectionCount) => (section.shownLines === 0 ? 0 : section.title + section.lineWeight + (section.shownLines - 1) * newline);

  /** adds (`sign` 1) or takes away (-1) an entry shown, in every section holding it */
  const show = (entry: LedgerEntry, sign: 1 | -1) => {
    const where = layout.of(entry);
    let items = itemWeights.get(entry);
    if (!items) itemWeights.set(entry, (items = where.placements.map((placement) => (placement.item === null ? 0 : weight(placement.item)))));
    for (const [at, index] of where.sections.entries()) {
      const placement = where.placements[at];
      const section = sections[index];
      const sectionBefore = sectionWeightOf(section);
      const sectionWasShown = section.shownLines > 0;
      let line = section.lines.get(placement.line);
      if (!line) section.lines.set(placement.line, (line = { head: headWeight(placement.head), format: placement.format, entries: 0, items: 0, itemWeight: 0 }));
      const lineBefore = lineWeightOf(line);
      const lineWasShown = line.entries > 0;
      line.entries += sign;
      if (placement.item !== null) {
        line.items += sign;
        line.itemWeight += sign * items[at];
      }
      section.lineWeight += lineWeightOf(line) - lineBefore;
      section.shownLines += (line.entries > 0 ? 1 : 0) - (lineWasShown ? 1 : 0);
      sectionWeight += sectionWeightOf(section) - sectionBefore;
      shownSections += (section.shownLines > 0 ? 1 : 0) - (sectionWasShown ? 1 : 0);
    }
  };

  // what hides what: while an entry that hides a key is in the ledger, the entries hidden by that key are not shown
  const hiders = new Map<string, number>();
  const hiddenBy = new Map<string, LedgerEntry[]>();
  for (const entry of ledger.entries) {
    const where = layout.of(entry);
    if (where.hides !== undefined) hiders.set(where.hides, (hiders.get(where.hides) ?? 0) + 1);
    if (where.hiddenBy !== undefined) {
      const hidden = hiddenBy.get(where.hiddenBy);
      if (hidden) hidden.push(entry);
      else hiddenBy.set(where.hiddenBy, [entry]);
    }
  }
  const evicted = new Set<LedgerEntry>();
  const isShown = (entry: LedgerEntry) => {
    const key = layout.of(entry).hiddenBy;
    return !evicted.has(entry) && (key === undefined || (hiders.get(key) ?? 0) === 0);
  };
  for (const entry of ledger.entries) if (isShown(entry)) show(entry, 1);

  return {
    tokens(evictedTotal, budgetTokens = options.budgetTokens) {
      const between = shownSections > 0 ? (shownSections - 1) * blankLine : 0;
      return weights.tokens(preamble + sectionWeight + between + weight(evictedNote(evictedTotal, budgetTokens)));
    },
    evict(entry) {
      if (isShown(entry)) show(entry, -1);
      evicted.add(entry);
      const hides = layout.of(entry).hides;
      if (hides === undefined) return;
      const left = hiders.get(hides)! - 1;
      hiders.set(hides, left);
      // the last entry hiding this key has left: what it hid is shown again
      if (left === 0) for (const hidden of hiddenBy.get(hides) ?? []) if (isShown(hidden)) show(hidden, 1);
    },
  };
}
