import type { EvidenceLedger, LedgerEntry } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";
import { OUTLINE_NOTE, STATE_NOTE, VALUE_NOTE } from "./tool-facts";

/** keeper's sections, in the order shown: what the user said and decided first, then the state of the work */
const SECTIONS: readonly { title: (openRequest: boolean) => string; holds: (entry: LedgerEntry) => boolean }[] = [
  { title: () => "The user's rules and directions (verbatim)", holds: (entry) => entry.kind === "rule" || entry.kind === "instruction" },
  { title: (open) => (open ? "Open request (the newest user message; not answered in what follows)" : "Latest request"), holds: (entry) => entry.kind === "request" },
  { title: () => "Decisions", holds: (entry) => entry.kind === "decision" },
  { title: () => "Files: last state (the lines the newest edits and writes put in them, newest first)", holds: (entry) => entry.kind === "result" && entry.note === STATE_NOTE },
  { title: () => "Files as read (the rules, errors raised, counts and notes they state)", holds: (entry) => entry.kind === "result" && entry.note === OUTLINE_NOTE },
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
  const stated = new Set(ledger.entries.filter((entry) => entry.kind === "result" && entry.note === STATE_NOTE).map((entry) => entry.key));
  const shown = ledger.entries.filter((entry) => entry.kind !== "file" || !stated.has(`state:${ledgerKey(entry.text)}`));
  const sections: string[] = [];
  for (const section of SECTIONS) {
    const entries = shown.filter(section.holds);
    if (entries.length === 0) continue;
    sections.push(`## ${section.title(options.openRequest)}\n${renderSection(entries)}`);
  }
  const evicted = ledger.evicted > 0 ? `\n(${ledger.evicted.toLocaleString("en-US")} older, less referenced entries are left out to stay within ${options.budgetTokens.toLocaleString("en-US")} tokens.)` : "";
  return (
    `[Ledger: exact facts from the ${ledger.messagesRead.toLocaleString("en-US")} earlier messages that are no longer shown, ` +
    `recorded deterministically (nothing here was written by a model).]\n\n${sections.join("\n\n")}${evicted}`
  );
}

function renderSection(entries: readonly LedgerEntry[]): string {
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
    const bySource = new Map<string, string[]>();
    for (const entry of entries) {
      const arrow = entry.text.indexOf(SOURCE_ARROW);
      const source = arrow < 0 ? entry.text : entry.text.slice(0, arrow);
      const line = arrow < 0 ? "" : entry.text.slice(arrow + SOURCE_ARROW.length);
      const lines = bySource.get(source) ?? [];
      if (line) lines.push(line);
      bySource.set(source, lines);
    }
    return [...bySource].map(([source, lines]) => `- ${source}${lines.length > 0 ? `${SOURCE_ARROW}${lines.join(" ⏎ ")}` : ""}`).join("\n");
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
