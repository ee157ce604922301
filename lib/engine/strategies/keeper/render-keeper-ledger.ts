import type { EvidenceLedger, LedgerEntry } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";
import { OUTLINE_NOTE, STATE_NOTE, VALUE_NOTE } from "./tool-facts";

/** keeper's sections, in the order shown: what the user said and decided first, then the state of the work */
const SECTIONS: readonly { title: (openRequest: boolean) => string; holds: (entry: LedgerEntry) => boolean }[] = [
  { title: () => "The user's rules and directions (verbatim)", holds: (entry) => entry.kind === "rule" || entry.kind === "instruction" },
  { title: (open) => (open ? "Open request (the newest user message; not answered in what follows)" : "Latest request"), holds: (entry) => entry.kind === "request" },
  { title: () => "Decisions", holds: (entry) => entry.kind === "decision" },
  { title: () => "Files: last state (the lines the newest edits and writes put in them, newest first)", holds: (entry) => entry.kind === "result" && entry.note === STATE_NOTE },
  { title: () => "Files as read (what they declare; the rules, errors raised, counts and notes they state)", holds: (entry) => entry.kind === "result" && entry.note === OUTLINE_NOTE },
  { title: () => "Files (last operation)", holds: (entry) => entry.kind === "file" },
  { title: () => "Commands (outcome → last line of output)", holds: (entry) => entry.kind === "command" },
  { title: () => "Errors not resolved", holds: (entry) => entry.kind === "error" },
  { title: () => "Tool output the conversation referred to (source → line)", holds: (entry) => entry.kind === "result" && entry.note === VALUE_NOTE },
  { title: () => "Findings (the assistant's own words)", holds: (entry) => entry.kind === "finding" },
  { title: () => "Tool results (call → first lines)", holds: (entry) => entry.kind === "result" && entry.note !== STATE_NOTE && entry.note !== VALUE_NOTE && entry.note !== OUTLINE_NOTE },
  { title: () => "Names, numbers and settings", holds: (entry) => entry.kind === "fact" },
];

/**
 * Where an entry is shown within a section: the line it is on (`line`, a key shared by the entries shown on one line),
 * that line's beginning (`head`), and what the entry adds to it (`item`; null: nothing beyond the beginning).
 */
export interface LedgerPlacement {
  line: unknown;
  head: string;
  item: string | null;
  /** how the line is made (the format of the entry's kind) */
  format: LedgerLineFormat;
}

/**
 * How a section's lines are made: each line is its `head`, then — when any of its entries adds an item — `open` and
 * the items joined by `separator`; the lines in the order of their first entries, joined by a newline. The renderer
 * and `keeperLedgerSize` (which sizes a ledger's text by adding weights) both read it, so they cannot disagree.
 */
export interface LedgerLineFormat {
  open: string;
  separator: string;
  place(entry: LedgerEntry): Omit<LedgerPlacement, "format">;
}

const SOURCE_ARROW = " → ";

/** each entry on its own line, as `keeperLineOf` shows it */
const OWN_LINE: LedgerLineFormat = { open: "", separator: "", place: (entry) => ({ line: entry, head: keeperLineOf(entry), item: null }) };
/** the names and numbers, all on one line */
const ONE_LINE: LedgerLineFormat = { open: "", separator: " · ", place: (entry) => ({ line: ONE_LINE, head: "", item: entry.text }) };
/** the request as the user wrote it */
const VERBATIM: LedgerLineFormat = { open: "", separator: "", place: (entry) => ({ line: entry, head: entry.text, item: null }) };
/** the files by their last operation, one line per operation */
const BY_OPERATION: LedgerLineFormat = {
  open: "",
  separator: " · ",
  place: (entry) => {
    const operation = entry.note ?? "mentioned";
    return { line: operation, head: `- ${operation}: `, item: entry.text };
  },
};
/** lines of one source (a file read, a command's output) on one line, in the order they were recorded */
const BY_SOURCE: LedgerLineFormat = {
  open: SOURCE_ARROW,
  separator: " ⏎ ",
  place: (entry) => {
    const arrow = entry.text.indexOf(SOURCE_ARROW);
    const source = arrow < 0 ? entry.text : entry.text.slice(0, arrow);
    const line = arrow < 0 ? "" : entry.text.slice(arrow + SOURCE_ARROW.length);
    return { line: source, head: `- ${source}`, item: line || null };
  },
};

/** The line format of a section holding entries of this kind. */
export function lineFormatOf(kind: LedgerEntry["kind"]): LedgerLineFormat {
  if (kind === "fact") return ONE_LINE;
  if (kind === "request") return VERBATIM;
  if (kind === "file") return BY_OPERATION;
  if (kind === "result") return BY_SOURCE;
  return OWN_LINE;
}

/** Where one entry is shown: the sections holding it, its placement in each, and the key of what hides it or what it hides. */
export interface EntryLayout {
  sections: readonly number[];
  placements: readonly LedgerPlacement[];
  /** not shown while an entry that `hides` this key is in the ledger (a file whose last state is shown) */
  hiddenBy: string | undefined;
  /** hides the entries `hiddenBy` this key (a file's last state) */
  hides: string | undefined;
}

/** keeper's section titles (with their line break), in the order shown, and the layout of each entry, asked once (see {@link EntryLayout}) */
export interface KeeperLedgerLayout {
  titles: readonly string[];
  of(entry: LedgerEntry): EntryLayout;
}

/**
 * Keeper's layout for one `openRequest`: what the renderer and `keeperLedgerSize` ask of every entry, answered once
 * per entry (a fit asks again each round, and a compaction fits the ledger twice).
 */
export function keeperLedgerLayout(options: { openRequest: boolean }): KeeperLedgerLayout {
  const titles = SECTIONS.map((section) => `## ${section.title(options.openRequest)}\n`);
  const known = new Map<LedgerEntry, EntryLayout>();
  return {
    titles,
    of(entry) {
      let layout = known.get(entry);
      if (layout) return layout;
      const sections: number[] = [];
      const placements: LedgerPlacement[] = [];
      for (const [index, section] of SECTIONS.entries()) {
        if (!section.holds(entry)) continue;
        // an entry is shown as its kind is (a section holds one kind, or kinds shown alike)
        const format = lineFormatOf(entry.kind);
        sections.push(index);
        placements.push({ ...format.place(entry), format });
      }
      const hiddenBy = entry.kind === "file" ? `state:${ledgerKey(entry.text)}` : undefined;
      const hides = entry.kind === "result" && entry.note === STATE_NOTE ? entry.key : undefined;
      known.set(entry, (layout = { sections, placements, hiddenBy, hides }));
      return layout;
    },
  };
}

/**
 * Keeper's rendering of its ledger: one section per kind of fact (see `SECTIONS`), a file whose last state is shown
 * not listed again among the files, the names and numbers on one line. `budgetTokens` is only reported when entries
 * were left out.
 */
export function renderKeeperLedger(ledger: EvidenceLedger, options: { openRequest: boolean; budgetTokens: number }): string {
  return keeperLedgerRenderer(options)(ledger);
}

/**
 * {@link renderKeeperLedger} for several versions of one ledger in turn (`fitKeeperLedger` renders it again after each
 * round of evictions when its measure does not add up by weight): a section whose entries are the same as at the last
 * call is not rendered again, nor a line whose entries are. The text is the same as `renderKeeperLedger`'s.
 */
export function keeperLedgerRenderer(options: { openRequest: boolean; budgetTokens: number }, layout = keeperLedgerLayout(options)): (ledger: EvidenceLedger) => string {
  const last: ({ entries: LedgerEntry[]; text: string } | undefined)[] = SECTIONS.map(() => undefined);
  // a section of tool output changes by a few lines a round: its shared lines are kept too
  const lines = SECTIONS.map(() => new Map<unknown, { entries: LedgerEntry[]; text: string }>());
  return (ledger) => {
    const hidden = new Set<string>();
    for (const entry of ledger.entries) {
      const hides = layout.of(entry).hides;
      if (hides !== undefined) hidden.add(hides);
    }
    // each section's entries in ledger order, as filtering the shown entries section by section gives them
    const bySection: LedgerEntry[][] = SECTIONS.map(() => []);
    const placed: LedgerPlacement[][] = SECTIONS.map(() => []);
    for (const entry of ledger.entries) {
      const where = layout.of(entry);
      if (where.hiddenBy !== undefined && hidden.has(where.hiddenBy)) continue;
      for (const [at, index] of where.sections.entries()) {
        bySection[index].push(entry);
        placed[index].push(where.placements[at]);
      }
    }
    const sections: string[] = [];
    for (const [index, entries] of bySection.entries()) {
      if (entries.length === 0) continue;
      const known = last[index];
      if (known && sameEntries(known.entries, entries)) {
        sections.push(known.text);
        continue;
      }
      const text = `${layout.titles[index]}${renderSection(entries, placed[index], lines[index])}`;
      last[index] = { entries, text };
      sections.push(text);
    }
    return `${ledgerPreamble(ledger)}${sections.join("\n\n")}${evictedNote(ledger.evicted, options.budgetTokens)}`;
  };
}

function sameEntries(a: readonly LedgerEntry[], b: readonly LedgerEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** the ledger's first line and the blank line after it */
export function ledgerPreamble(ledger: EvidenceLedger): string {
  return (
    `[Ledger: exact facts from the ${ledger.messagesRead.toLocaleString("en-US")} earlier messages that are no longer shown, ` +
    `recorded deterministically (nothing here was written by a model).]\n\n`
  );
}

/** the ledger's last line when `evicted` entries were left out (none: nothing) */
export function evictedNote(evicted: number, budgetTokens: number): string {
  return evicted > 0 ? `\n(${evicted.toLocaleString("en-US")} older, less referenced entries are left out to stay within ${budgetTokens.toLocaleString("en-US")} tokens.)` : "";
}

/** A section's lines (see {@link LedgerLineFormat}); `cache`: each shared line as last rendered, reused when its entries are the same */
function renderSection(entries: readonly LedgerEntry[], placements: readonly LedgerPlacement[], cache: Map<unknown, { entries: LedgerEntry[]; text: string }>): string {
  const lines = new Map<unknown, { head: string; format: LedgerLineFormat; entries: LedgerEntry[]; items: string[] }>();
  for (const [index, entry] of entries.entries()) {
    const placement = placements[index];
    let line = lines.get(placement.line);
    if (!line) lines.set(placement.line, (line = { head: placement.head, format: placement.format, entries: [], items: [] }));
    line.entries.push(entry);
    if (placement.item !== null) line.items.push(placement.item);
  }
  const texts: string[] = [];
  for (const [key, line] of lines) {
    if (line.entries.length === 1 && line.items.length === 0) {
      texts.push(line.head);
      continue;
    }
    const known = cache.get(key);
    if (known && sameEntries(known.entries, line.entries)) {
      texts.push(known.text);
      continue;
    }
    const text = line.items.length > 0 ? `${line.head}${line.format.open}${line.items.join(line.format.separator)}` : line.head;
    cache.set(key, { entries: line.entries, text });
    texts.push(text);
  }
  return texts.join("\n");
}

/** One entry's line as keeper shows it (also what eviction estimates a line's cost by). */
export function keeperLineOf(entry: LedgerEntry): string {
  const times = entry.refs > 1 && (entry.kind === "command" || entry.kind === "error") ? ` (×${entry.refs})` : "";
  if (entry.kind === "command") return `- \`${entry.text}\`${entry.note ? `: ${entry.note}` : ""}${times}`;
  if (entry.kind === "fact" || entry.kind === "file") return `${entry.text} · `;
  return `- ${entry.text}${times}`;
}
