import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { EMPTY_LEDGER, readIntoLedger, type EvidenceLedger, type LedgerEntry } from "../evidence/ledger";
import { addAssistantProse } from "./assistant-prose";
import { curateLedger } from "./curate-ledger";
import { CHARS4_TEXT_WEIGHTS } from "../../tokens/chars4";
import { placementWeightsOf } from "./keeper-ledger-size";
import { entryLayoutOf, keeperLedgerRenderer, plainEntryLayout, renderKeeperLedger } from "./render-keeper-ledger";
import { addToolFacts } from "./tool-facts";
import { addUserDirectives } from "./user-directives";

function curatedLedger(seed: number, messages: number): EvidenceLedger {
  const read = generateSession({ seed, messages }).messages.map((message, sessionIndex) => ({ message, sessionIndex }));
  const ledger = readIntoLedger(EMPTY_LEDGER, read, { instructionMaxChars: 4_000 });
  const directives = addUserDirectives({ ...ledger, entries: ledger.entries.filter((entry) => entry.kind !== "instruction" && entry.kind !== "request") }, read);
  return curateLedger(addAssistantProse(addToolFacts(directives, read, { referrers: [] }), read), { resolvedErrors: new Set() });
}

describe("keeperLedgerRenderer", () => {
  const ledger = curatedLedger(33, 1_500);
  it.each([
    ["every 7th entry, then every 3rd, then all but 5", [7, 3]],
    ["one entry at a time from the end", [-1]],
  ])("renders each version of a ledger as renderKeeperLedger does (%s)", (_, plan) => {
    for (const openRequest of [false, true]) {
      const options = { openRequest, budgetTokens: 12_345 };
      const render = keeperLedgerRenderer(options);
      const versions: EvidenceLedger[] = [ledger];
      if (plan[0] === -1) for (let keep = ledger.entries.length - 1; keep >= ledger.entries.length - 40; keep--) versions.push({ ...ledger, entries: ledger.entries.slice(0, keep), evicted: ledger.entries.length - keep });
      else {
        let entries = ledger.entries;
        for (const every of plan) versions.push({ ...ledger, entries: (entries = entries.filter((_, at) => at % every !== 0)), evicted: ledger.entries.length - entries.length });
        versions.push({ ...ledger, entries: entries.slice(0, 5), evicted: ledger.entries.length - 5 });
      }
      // the same version twice in a row is served from what the renderer kept
      for (const version of [...versions, versions[versions.length - 1], ledger]) expect(render(version)).toBe(renderKeeperLedger(version, options));
    }
  });
});

describe("entryLayoutOf and placementWeightsOf: remembered by entry object", () => {
  const ledger = curatedLedger(34, 800);
  const weightOf = (text: string) => CHARS4_TEXT_WEIGHTS.weight(text);

  it("gives plainEntryLayout's layout and the placements' plain weights, the same objects when asked again", () => {
    for (const entry of ledger.entries) {
      const layout = entryLayoutOf(entry);
      expect(layout).toEqual(plainEntryLayout(entry));
      expect(entryLayoutOf(entry)).toBe(layout);
      const weights = placementWeightsOf(entry, layout, weightOf);
      expect(weights.heads).toEqual(layout.placements.map((placement) => weightOf(placement.head)));
      expect(weights.items).toEqual(layout.placements.map((placement) => (placement.item === null ? 0 : weightOf(placement.item))));
      expect(placementWeightsOf(entry, layout, weightOf)).toBe(weights);
      // another weight function is not served another's weights
      expect(placementWeightsOf(entry, layout, (text) => 2 * weightOf(text)).heads).toEqual(weights.heads.map((weight) => 2 * weight));
    }
  });

  it.each([
    ["refs", (entry: LedgerEntry) => (entry.refs += 2)],
    ["note", (entry: LedgerEntry) => (entry.note = `${entry.note ?? ""}changed`)],
    ["text", (entry: LedgerEntry) => (entry.text = `${entry.text} → and more`)],
  ])("works an entry's layout out again when its %s changed in place", (_, change) => {
    for (const kind of ["command", "file", "result", "fact", "error"]) {
      const entry = { ...ledger.entries.find((candidate) => candidate.kind === kind)! };
      const before = entryLayoutOf(entry);
      const weights = placementWeightsOf(entry, before, weightOf);
      change(entry);
      const after = entryLayoutOf(entry);
      expect(after, kind).toEqual(plainEntryLayout(entry));
      expect(placementWeightsOf(entry, after, weightOf).heads, kind).toEqual(after.placements.map((placement) => weightOf(placement.head)));
      if (JSON.stringify(after) !== JSON.stringify(before)) expect(placementWeightsOf(entry, after, weightOf)).not.toBe(weights);
    }
  });
});
