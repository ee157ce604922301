import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { EMPTY_LEDGER, readIntoLedger, type EvidenceLedger } from "../evidence/ledger";
import { addAssistantProse } from "./assistant-prose";
import { curateLedger } from "./curate-ledger";
import { keeperLedgerRenderer, renderKeeperLedger } from "./render-keeper-ledger";
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
