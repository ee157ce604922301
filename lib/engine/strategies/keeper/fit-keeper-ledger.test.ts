import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { estimatePartTokens, textWeight, tokensOfTextWeight } from "../../tokens/chars4";
import { EMPTY_LEDGER, readIntoLedger, type EvidenceLedger, type LedgerEntry, type LedgerMessage } from "../evidence/ledger";
import { ledgerKey } from "../evidence/ledger-key";
import { addAssistantProse } from "./assistant-prose";
import { curateLedger } from "./curate-ledger";
import { fitKeeperLedger, keeperRankOf, type FitKeeperLedgerOptions } from "./fit-keeper-ledger";
import { keeperLedgerSize } from "./keeper-ledger-size";
import { keeperLedgerLayout, keeperLineOf, renderKeeperLedger } from "./render-keeper-ledger";
import type { TextWeights } from "./text-weights";
import { addToolFacts, STATE_NOTE } from "./tool-facts";
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
/** chars/4, scaled as the calibrated estimator scales it, and raw characters, each with the weights that add up to it */
const MEASURES: [(text: string) => number, TextWeights][] = [
  [chars4, { weight: textWeight, tokens: tokensOfTextWeight }],
  [(text) => Math.round(chars4(text) * 1.37), { weight: textWeight, tokens: (weight) => Math.round(tokensOfTextWeight(weight) * 1.37) }],
  [(text) => Math.round(chars4(text) * 0.8), { weight: textWeight, tokens: (weight) => Math.round(tokensOfTextWeight(weight) * 0.8) }],
  [(text) => text.length, { weight: (text) => text.length, tokens: (weight) => weight }],
];

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
    for (const openRequest of [false, true]) {
      for (const [measure, weights] of MEASURES) {
        const whole = measure(renderKeeperLedger(ledger, { openRequest: false, budgetTokens: Number.MAX_SAFE_INTEGER }));
        const options = { openRequest, budgetTokens: Math.floor(share * whole), measure, userTexts, shownUserTexts };
        const expected = fitKeeperLedgerByScanning(ledger, options);
        // rendered every round, and sized by running counts (issue #39): the same rounds, so the same ledger and text
        for (const fitted of [fitKeeperLedger(ledger, options), fitKeeperLedger(ledger, { ...options, weights })]) {
          expect(fitted.ledger.evicted).toBeGreaterThan(0);
          expect(fitted.ledger.entries).toEqual(expected.ledger.entries);
          expect(fitted.ledger.evicted).toBe(expected.ledger.evicted);
          expect(fitted.text).toBe(expected.text);
          expect(fitted.tokens).toBe(expected.tokens);
        }
      }
    }
  });
});

describe("fitKeeperLedger from another fit (keeper fits the carried ledger, then the shown one)", () => {
  const { ledger, read } = ledgerOfGeneratedSession(31, 1_200);
  const userTexts = read.filter(({ message }) => message.role === "user").map(({ message }) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n"));
  it.each([
    [0.9, 0.5],
    [0.6, 0.1],
    [0.3, 0.29],
    [0.5, 0.8],
  ])("carried at %s of the ledger, shown at %s: the same as a fit from scratch", (carriedShare, shownShare) => {
    for (const openRequest of [false, true]) {
      for (const [measure, weights] of [...MEASURES, [chars4, undefined] as const]) {
        const whole = measure(renderKeeperLedger(ledger, { openRequest, budgetTokens: Number.MAX_SAFE_INTEGER }));
        const carried = fitKeeperLedger(ledger, { openRequest, budgetTokens: Math.floor(carriedShare * whole), measure, weights, userTexts, shownUserTexts: [] });
        const options = { openRequest, budgetTokens: Math.floor(shownShare * whole), measure, weights, userTexts, shownUserTexts: userTexts.filter((_, at) => at % 2 === 0) };
        const fresh = fitKeeperLedger(carried.ledger, options);
        // the second fit from the same fit finds its counts taken and starts afresh
        for (const fitted of [fitKeeperLedger(carried.ledger, { ...options, from: carried }), fitKeeperLedger(carried.ledger, { ...options, from: carried })]) {
          expect(fitted.ledger.entries).toEqual(fresh.ledger.entries);
          expect(fitted.ledger.evicted).toBe(fresh.ledger.evicted);
          expect(fitted.tokens).toBe(fresh.tokens);
          expect(fitted.text).toBe(fresh.text);
          expect(fitted.tokens).toBe(measure(fitted.text));
        }
        expect(carried.tokens).toBe(measure(carried.text));
      }
    }
  });
});

describe("keeperLedgerSize counts what measuring the rendering gives", () => {
  const { ledger } = ledgerOfGeneratedSession(34, 1_200);
  // a ledger carried from an earlier compaction (its note counts those evicted then), and CJK in every kind of line
  const carried: EvidenceLedger = { ...ledger, evicted: 9_995, entries: ledger.entries.map((entry, at) => (at % 11 === 0 ? { ...entry, text: `${entry.text} 修复登录` } : entry)) };
  it("the ledger holds files shown by their last state (evicting the state shows the file again)", () => {
    const states = new Set(ledger.entries.filter((entry) => entry.kind === "result" && entry.note === STATE_NOTE).map((entry) => entry.key));
    expect(ledger.entries.filter((entry) => entry.kind === "file" && states.has(`state:${ledgerKey(entry.text)}`)).length).toBeGreaterThan(3);
  });
  it.each([
    ["in ledger order", 1, 0],
    ["from the end", -1, 0],
    ["every 3rd first, states first", 3, 1],
    ["every 7th first", 7, 0],
  ])("%s, after every eviction (chars/4, scaled)", (_, step, statesFirst) => {
    for (const base of [ledger, carried]) {
      const order = orderedForEviction(base.entries, step, statesFirst === 1);
      for (const [measure, weights] of MEASURES.slice(0, 2)) {
        for (const openRequest of [false, true]) {
          const options = { openRequest, budgetTokens: 4_321 };
          const size = keeperLedgerSize(base, { layout: keeperLedgerLayout(options), budgetTokens: options.budgetTokens, weights });
          const evicted = new Set<LedgerEntry>();
          const check = () => {
            const version = { ...base, entries: base.entries.filter((entry) => !evicted.has(entry)), evicted: base.evicted + evicted.size };
            expect(size.tokens(version.evicted)).toBe(measure(renderKeeperLedger(version, options)));
          };
          check();
          for (const [at, entry] of order.entries()) {
            size.evict(entry);
            evicted.add(entry);
            // every eviction early on and late (sections and lines emptied one by one), else every 40th
            if (at < 60 || at > order.length - 60 || at % 40 === 0) check();
          }
        }
      }
    }
  });
});

function orderedForEviction(entries: readonly LedgerEntry[], step: number, statesFirst: boolean): LedgerEntry[] {
  const ordered = step === -1 ? [...entries].reverse() : [...entries.filter((_, at) => at % step === 0), ...entries.filter((_, at) => at % step !== 0)];
  if (!statesFirst) return ordered;
  const isState = (entry: LedgerEntry) => entry.kind === "result" && entry.note === STATE_NOTE;
  return [...ordered.filter(isState), ...ordered.filter((entry) => !isState(entry))];
}
