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
 * Keeper's rendering of its ledger: one section per kind of fact (see `SECTIONS`), a file whose last state is shown
 * not listed again among the files, the names and numbers on one line. `budgetTokens` is only reported when entries
 * were left out.
 */
export function renderKeeperLedger(ledger: EvidenceLedger, options: { openRequest: boolean; budgetTokens: number }): string {
  return keeperLedgerRenderer(options)(ledger);
}

/**
 * {@link renderKeeperLedger} for several versions of one ledger in turn (`fitKeeperLedger` renders it again after each
 * round of evictions): a section whose entries are the same as at the last call is not rendered again. The text is the
 * same as `renderKeeperLedger`'s; what is saved is building it — each rendering read the whole ledger, and at a 1M
 * window the ledger is five times longer and needs more rounds (issue #39).
 */
export function keeperLedgerRenderer(options: { openRequest: boolean; budgetTokens: number }): (ledger: EvidenceLedger) => string {
  const last: ({ entries: LedgerEntry[]; text: string } | undefined)[] = SECTIONS.map(() => undefined);
  // a section of tool output changes by a few lines a round: its sources' lines are kept too
  const sources = SECTIONS.map(() => new Map<string, { entries: LedgerEntry[]; text: string }>());
  // what an entry is asked every round, answered once per entry: the sections that hold it, a file's state key
  const sectionsOf = new Map<LedgerEntry, number[]>();
  const stateKeys = new Map<LedgerEntry, string>();
  return (ledger) => {
    const stated = new Set(ledger.entries.filter((entry) => entry.kind === "result" && entry.note === STATE_NOTE).map((entry) => entry.key));
    // each section's entries in ledger order, as filtering the shown entries section by section gives them
    const bySection: LedgerEntry[][] = SECTIONS.map(() => []);
    for (const entry of ledger.entries) {
      if (entry.kind === "file") {
        let key = stateKeys.get(entry);
        if (key === undefined) stateKeys.set(entry, (key = `state:${ledgerKey(entry.text)}`));
        if (stated.has(key)) continue;
      }
      let holding = sectionsOf.get(entry);
      if (!holding) {
        holding = [];
        for (const [index, section] of SECTIONS.entries()) if (section.holds(entry)) holding.push(index);
        sectionsOf.set(entry, holding);
      }
      for (const index of holding) bySection[index].push(entry);
    }
    const sections: string[] = [];
    for (const [index, section] of SECTIONS.entries()) {
      const entries = bySection[index];
      if (entries.length === 0) continue;
      const known = last[index];
      if (known && sameEntries(known.entries, entries)) {
        sections.push(known.text);
        continue;
      }
      const text = `## ${section.title(options.openRequest)}\n${renderSection(entries, sources[index])}`;
      last[index] = { entries, text };
      sections.push(text);
    }
    return finishLedger(ledger, options, sections);
  };
}

function sameEntries(a: readonly LedgerEntry[], b: readonly LedgerEntry[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

function finishLedger(ledger: EvidenceLedger, options: { budgetTokens: number }, sections: readonly string[]): string {
  const evicted = ledger.evicted > 0 ? `\n(${ledger.evicted.toLocaleString("en-US")} older, less referenced entries are left out to stay within ${options.budgetTokens.toLocaleString("en-US")} tokens.)` : "";
  return (
    `[Ledger: exact facts from the ${ledger.messagesRead.toLocaleString("en-US")} earlier messages that are no longer shown, ` +
    `recorded deterministically (nothing here was written by a model).]\n\n${sections.join("\n\n")}${evicted}`
  );
}

/** A section's lines; `sources`: each source's line of a tool-output section as last rendered, reused when its entries are the same */
function renderSection(entries: readonly LedgerEntry[], sources?: Map<string, { entries: LedgerEntry[]; text: string }>): string {
  const kind = entries[0].kind;
  if (kind === "fact") return entries.map((entry) => entry.text).join(" · ");
  if (kind === "request") return entries.map((entry) => entry.text).join("\n");
  if (kind === "file") {
    const byOperation = new Map<string, string[]>();
    for (const entry of entries) {
      const operation = entry.note ?? "mentioned";
      const paths = byOperation.get(operation);
      if (paths) paths.push(entry.text);
      else byOperation.set(operation, [entry.text]);
    }
    return [...byOperation].map(([operation, paths]) => `- ${operation}: ${paths.join(" · ")}`).join("\n");
  }
  if (kind === "result") {
    // lines of one source (a file read, a command's output) on one line, in the order they were recorded
    const bySource = new Map<string, LedgerEntry[]>();
    for (const entry of entries) {
      const arrow = entry.text.indexOf(SOURCE_ARROW);
      const source = arrow < 0 ? entry.text : entry.text.slice(0, arrow);
      const group = bySource.get(source);
      if (group) group.push(entry);
      else bySource.set(source, [entry]);
    }
    return [...bySource]
      .map(([source, group]) => {
        const known = sources?.get(source);
        if (known && sameEntries(known.entries, group)) return known.text;
        const lines: string[] = [];
        for (const entry of group) {
          const arrow = entry.text.indexOf(SOURCE_ARROW);
          const line = arrow < 0 ? "" : entry.text.slice(arrow + SOURCE_ARROW.length);
          if (line) lines.push(line);
        }
        const text = `- ${source}${lines.length > 0 ? `${SOURCE_ARROW}${lines.join(" ⏎ ")}` : ""}`;
        sources?.set(source, { entries: group, text });
        return text;
      })
      .join("\n");
  }
  return entries.map((entry) => keeperLineOf(entry)).join("\n");
}

const SOURCE_ARROW = " → ";

/** One entry's line as keeper shows it (also what eviction estimates a line's cost by). */
export function keeperLineOf(entry: LedgerEntry): string {
  const times = entry.refs > 1 && (entry.kind === "command" || entry.kind === "error") ? ` (×${entry.refs})` : "";
  if (entry.kind === "command") return `- \`${entry.text}\`${entry.note ? `: ${entry.note}` : ""}${times}`;
  if (entry.kind === "fact" || entry.kind === "file") return `${entry.text} · `;
  return `- ${entry.text}${times}`;
}
