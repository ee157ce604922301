import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { estimatePartTokens } from "../../tokens/chars4";
import { EMPTY_LEDGER, readIntoLedger, type EvidenceLedger, type LedgerEntry, type LedgerMessage } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";
import { addAssistantProse } from "./assistant-prose";
import { curateLedger } from "./curate-ledger";
import { fitKeeperLedger, keeperRankOf, type FitKeeperLedgerOptions } from "./fit-keeper-ledger";
import { keeperLineOf, renderKeeperLedger } from "./render-keeper-ledger";
import { addToolFacts } from "./tool-facts";
import { addUserDirectives } from "./user-directives";

/**
 * fitKeeperLedger as it was before its texts were indexed (issue #39): each entry's rank asks the joined texts
 * themselves (`String.prototype.includes`). The indexed one must keep the same entries and give the same text.
 */
function fitKeeperLedgerByScanning(ledger: EvidenceLedger, options: FitKeeperLedgerOptions): { ledger: EvidenceLedger; text: string; tokens: number } {
  const render = { openRequest: options.openRequest, budgetTokens: options.budgetTokens };
  let current = ledger;
  let text = renderKeeperLedger(current, render);
  let tokens = options.measure(text);
  if (tokens <= options.budgetTokens) return { ledger: current, text, tokens };
  const userText = options.userTexts.map(ledgerKey).join("\n");
  const shownUser = options.shownUserTexts.map(ledgerKey).join("\n");
  const quoted = ledger.entries.filter((entry) => entry.kind === "rule" || entry.kind === "decision").map((entry) => entry.key);
  const findings = ledger.entries.filter((entry) => entry.kind === "finding").map((entry) => entry.key);
  const shownText = [shownUser, ...quoted].join("\n");
  const factText = `${shownText}\n${findings.join("\n")}`;
  const textFor = (entry: LedgerEntry) => (entry.kind === "fact" || entry.kind === "result" ? factText : entry.kind === "rule" ? shownUser : shownText);
  const rankOf = new Map(ledger.entries.map((entry) => [entry, keeperRankOf(entry, { userText, shownText: textFor(entry) })]));
  const candidates = ledger.entries.filter((entry) => rankOf.get(entry)! < 9).sort((a, b) => rankOf.get(a)! - rankOf.get(b)! || a.refs - b.refs || a.last - b.last || a.first - b.first);
  const evicted = new Set<LedgerEntry>();
  let next = 0;
  if (candidates.length === 0) return { ledger: current, text, tokens };
  for (;;) {
    let excess = tokens - options.budgetTokens;
    do {
      const entry = candidates[next++];
      evicted.add(entry);
      excess -= Math.max(1, options.measure(`${keeperLineOf(entry)}\n`));
    } while (excess > 0 && next < candidates.length);
    current = { ...ledger, entries: ledger.entries.filter((entry) => !evicted.has(entry)), evicted: ledger.evicted + evicted.size };
    text = renderKeeperLedger(current, render);
    tokens = options.measure(text);
    if (tokens <= options.budgetTokens || next >= candidates.length) return { ledger: current, text, tokens };
  }
}

/** The curated ledger keeper fits when it replaces a generated session's first `messages` messages. */
function ledgerOfGeneratedSession(seed: number, messages: number): { ledger: EvidenceLedger; read: LedgerMessage[] } {
  const session = generateSession({ seed, messages });
  const read = session.messages.map((message, sessionIndex) => ({ message, sessionIndex }));
  const ledger = readIntoLedger(EMPTY_LEDGER, read, { instructionMaxChars: 4_000 });
  const directives = addUserDirectives({ ...ledger, entries: ledger.entries.filter((entry) => entry.kind !== "instruction" && entry.kind !== "request") }, read);
  return { ledger: curateLedger(addAssistantProse(addToolFacts(directives, read, { referrers: [] }), read), { resolvedErrors: new Set() }), read };
}

const chars4 = (text: string) => estimatePartTokens({ type: "text", text });

describe("fitKeeperLedger keeps what it kept when every rank scanned the texts", () => {
  const sessions = [
    [31, 1_200],
    [32, 3_000],
  ].map(([seed, messages]) => ({ seed, ...ledgerOfGeneratedSession(seed, messages) }));
  it("the generated ledgers hold every kind the ranks ask the texts about", () => {
    for (const { ledger } of sessions) {
      const kinds = new Set(ledger.entries.map((entry) => entry.kind));
      for (const kind of ["rule", "decision", "fact", "result", "finding"]) expect(kinds, kind).toContain(kind);
    }
  });
  const cases = sessions.flatMap((session) => [0.05, 0.3, 0.7, 0.95].flatMap((share) => [0, 1, 3].map((shownEvery) => ({ ...session, share, shownEvery }))));
  it.each(cases)("seed $seed, a budget of $share of the whole ledger, every ${shownEvery}th user message shown", ({ ledger, read, share, shownEvery }) => {
    const userTexts = read.filter(({ message }) => message.role === "user").map(({ message }) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n"));
    const shownUserTexts = shownEvery === 0 ? [] : userTexts.filter((_, at) => at % shownEvery === 0);
    const whole = chars4(renderKeeperLedger(ledger, { openRequest: false, budgetTokens: Number.MAX_SAFE_INTEGER }));
    for (const openRequest of [false, true]) {
      const options = { openRequest, budgetTokens: Math.floor(share * whole), measure: chars4, userTexts, shownUserTexts };
      const expected = fitKeeperLedgerByScanning(ledger, options);
      const fitted = fitKeeperLedger(ledger, options);
      expect(fitted.ledger.evicted).toBeGreaterThan(0);
      expect(fitted.ledger.entries).toEqual(expected.ledger.entries);
      expect(fitted.ledger.evicted).toBe(expected.ledger.evicted);
      expect(fitted.text).toBe(expected.text);
      expect(fitted.tokens).toBe(expected.tokens);
    }
  });
});
