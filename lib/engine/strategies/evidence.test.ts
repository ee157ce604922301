import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { Session } from "../model";
import { finalContext } from "../simulate/context-at";
import type { CompactionEndEvent, TrimEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import type { Summarizer } from "../summarize/summarizer";
import { buildSession, deepFreeze, type TurnSpec } from "../testing/build-session";
import { DEFAULT_EVIDENCE_SETTINGS, evidencePlaceholder, evidenceStrategy, EvidenceSettingsSchema } from "./evidence";
import { EMPTY_LEDGER, fitLedger, readIntoLedger, renderLedger, type EvidenceLedger, type LedgerMessage } from "./evidence/ledger";

const LIMITS = { instructionMaxChars: 1_000 };
const chars4 = (text: string) => Math.ceil(text.length / 4);

function messagesOf(session: Session): LedgerMessage[] {
  return session.messages.map((message, sessionIndex) => ({ message, sessionIndex }));
}

/** A coding session that keeps going: `turns` user turns, each a request, two tool calls (one failing) and a reply. */
function longSession(turns: number, filler = 3_000): Session {
  const spec: TurnSpec[] = [{ system: "You are a coding agent." }, { user: "Never edit package-lock.json by hand. Always run the tests before committing." }];
  for (let turn = 0; turn < turns; turn++) {
    spec.push({ user: `Step ${turn}: fix the parser for case ${turn} in src/parser/case${turn}.ts` });
    spec.push({
      assistant: `I'll use the visitorPattern${turn} instead of regexes. Reading the file first.`,
      tools: [
        { name: "read", input: { path: `src/parser/case${turn}.ts` }, output: `export const case${turn} = 1;\n${"x".repeat(filler)}` },
        { name: "bash", input: { command: `npm test -- case${turn}` }, output: `FAIL src/parser/case${turn}.test.ts\nError: expected ${turn} to equal ${turn + 1}\n${"y".repeat(filler)}`, isError: true },
      ],
    });
    spec.push({ assistant: `Fixed case ${turn}; the timeout is now ${turn * 10}ms.`, tools: [{ name: "edit", input: { path: `src/parser/case${turn}.ts`, oldText: "1", newText: "2" }, output: "ok" }] });
  }
  return buildSession(spec);
}

describe("the evidence ledger", () => {
  const session = buildSession([
    { user: "Please port the theme to RGB values. Never use chalk directly." },
    {
      assistant: "I'll use the Theme class instead of chalk. Let me check ThemeColor in src/theme/theme.ts.",
      tools: [
        { name: "read", input: { path: "src/theme/theme.ts" }, output: "export class Theme {}" },
        { name: "bash", input: { command: "npm run check 2>&1 | tail -3\nsecond line" }, output: "src/a.ts(3,1): error TS2322: Type 'string' is not assignable\nexit code 2", isError: true },
      ],
    },
    { assistant: "Edited it.", tools: [{ name: "edit", input: { path: "src/theme/theme.ts", oldText: "a", newText: "b" }, output: "ok" }] },
    { user: "now run it on port 3000 with MAX_ROWS=500" },
  ]);

  it("reads every kind verbatim: user messages and rules, the latest request, decisions, files with their last operation, commands with their outcome, errors, names and settings", () => {
    const ledger = readIntoLedger(EMPTY_LEDGER, messagesOf(session), LIMITS);
    const of = (kind: string) => ledger.entries.filter((entry) => entry.kind === kind);
    expect(of("instruction").map((entry) => entry.text)).toEqual(["Please port the theme to RGB values. Never use chalk directly.", "now run it on port 3000 with MAX_ROWS=500"]);
    expect(of("rule").map((entry) => entry.text)).toEqual(["Never use chalk directly."]);
    expect(of("request").map((entry) => entry.text)).toEqual(["now run it on port 3000 with MAX_ROWS=500"]);
    expect(of("decision").map((entry) => entry.text)).toEqual(["I'll use the Theme class instead of chalk."]);
    // read then edited: the last (and strongest) operation wins; mentioned in prose first
    expect(of("file").map((entry) => [entry.text, entry.note, entry.refs])).toEqual([["src/theme/theme.ts", "edited", 3]]);
    expect(of("command").map((entry) => [entry.text, entry.note])).toEqual([["npm run check 2>&1 | tail -3", "failed: src/a.ts(3,1): error TS2322: Type 'string' is not assignable"]]);
    expect(of("error").map((entry) => entry.text)).toEqual(["src/a.ts(3,1): error TS2322: Type 'string' is not assignable", "exit code 2"]);
    expect(of("fact").map((entry) => entry.text)).toEqual(expect.arrayContaining(["ThemeColor", "port 3000", "MAX_ROWS=500"]));
    expect(ledger.messagesRead).toBe(session.messages.length);
  });

  it("merges into the previous ledger: deduplicated, references counted, the previous ledger untouched", () => {
    const first = deepFreeze(readIntoLedger(EMPTY_LEDGER, messagesOf(session).slice(0, 3), LIMITS));
    const firstJson = JSON.stringify(first);
    const second = readIntoLedger(first, messagesOf(session).slice(3), LIMITS);
    expect(JSON.stringify(first)).toBe(firstJson);
    const file = second.entries.find((entry) => entry.kind === "file")!;
    expect([file.note, file.refs]).toEqual(["edited", 3]);
    expect(second.entries.filter((entry) => entry.kind === "request").map((entry) => entry.text)).toEqual(["now run it on port 3000 with MAX_ROWS=500"]);
    expect(second.messagesRead).toBe(session.messages.length);
  });

  it("carries the entries nothing changed as the same objects and copies those it changes: the same ledger as reading into a copy", () => {
    const messages = messagesOf(generateSession({ seed: 5, messages: 600 }));
    for (const cut of [40, 150, 400]) {
      const first = deepFreeze(readIntoLedger(EMPTY_LEDGER, messages.slice(0, cut), LIMITS));
      const second = readIntoLedger(first, messages.slice(cut), LIMITS);
      // the plain definition: every previous entry copied before reading
      expect(second).toEqual(readIntoLedger(structuredClone(first), messages.slice(cut), LIMITS));
      const carried = second.entries.filter((entry) => first.entries.includes(entry));
      const changed = second.entries.filter((entry) => !first.entries.includes(entry) && first.entries.some((old) => old.kind === entry.kind && old.key === entry.key));
      expect(carried.length, `cut ${cut}`).toBeGreaterThan(0);
      expect(changed.length, `cut ${cut}`).toBeGreaterThan(0);
      // a changed entry was seen again: a copy with one more reference
      for (const entry of changed) expect(entry.refs).toBeGreaterThan(first.entries.find((old) => old.kind === entry.kind && old.key === entry.key)!.refs);
    }
  });

  it("caps a long user message but keeps its rule sentences whole", () => {
    const long = buildSession([{ user: `${"context ".repeat(200)}. You must keep the public API stable.` }]);
    const ledger = readIntoLedger(EMPTY_LEDGER, messagesOf(long), { instructionMaxChars: 100 });
    const instruction = ledger.entries.find((entry) => entry.kind === "instruction")!;
    expect(instruction.text).toMatch(/^context context .*… \[\d+ more chars\]$/);
    expect(ledger.entries.find((entry) => entry.kind === "rule")!.text).toBe("You must keep the public API stable.");
  });

  it("fits a budget by evicting the least referenced, oldest entries first; rules and the latest request never", () => {
    const ledger = readIntoLedger(EMPTY_LEDGER, messagesOf(longSession(40, 10)), LIMITS);
    const full = renderLedger(ledger, { openRequest: true, budgetTokens: 0 });
    const budget = Math.floor(chars4(full) / 3);
    const fitted = fitLedger(ledger, { openRequest: true, budgetTokens: budget, measure: chars4 });
    expect(fitted.tokens).toBeLessThanOrEqual(budget);
    expect(chars4(fitted.text)).toBe(fitted.tokens);
    expect(fitted.ledger.evicted).toBe(ledger.entries.length - fitted.ledger.entries.length);
    expect(fitted.text).toContain(`${fitted.ledger.evicted} older, less referenced entries are left out`);
    const kinds = new Set(fitted.ledger.entries.map((entry) => entry.kind));
    expect(kinds.has("rule") && kinds.has("request")).toBe(true);
    // names and successful commands go before errors; the newest of a kind outlives the oldest
    const errors = fitted.ledger.entries.filter((entry) => entry.kind === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(fitted.ledger.entries.some((entry) => entry.kind === "fact" && entry.refs === 1)).toBe(false);
    const keptCases = fitted.ledger.entries.filter((entry) => entry.kind === "instruction").map((entry) => entry.first);
    expect(keptCases).toEqual([...keptCases].sort((a, b) => a - b));
  });

  it("renders transcript text inert to placeholders: '{{summary}}' in a message stays as it was written", () => {
    const tricky = buildSession([{ user: "Write {{summary}} and {{summary:1}} into the template." }]);
    const ledger = readIntoLedger(EMPTY_LEDGER, messagesOf(tricky), LIMITS);
    expect(renderLedger(ledger, { openRequest: true, budgetTokens: 1_000 })).toContain("Write {{summary}} and {{summary:1}} into the template.");
  });
});

describe("the evidence strategy", () => {
  it("has a zod schema that accepts its defaults and names a bad setting", () => {
    expect(EvidenceSettingsSchema.parse(DEFAULT_EVIDENCE_SETTINGS)).toEqual(DEFAULT_EVIDENCE_SETTINGS);
    expect(() => EvidenceSettingsSchema.parse({ ...DEFAULT_EVIDENCE_SETTINGS, ledgerBudgetRatio: 0.9 })).toThrow(/ledgerBudgetRatio/);
    expect(() => EvidenceSettingsSchema.parse({ ...DEFAULT_EVIDENCE_SETTINGS, ledgerBudget: 1 })).toThrow(/ledgerBudget/);
  });

  it("masks old tool output but keeps its first characters and its error lines in the placeholder", () => {
    const placeholder = evidencePlaceholder({ type: "tool-result", callId: "c", output: "ok\nok\nError: disk full\nmore", isError: true, images: [] });
    expect(placeholder).toBe("Old environment output: (4 lines omitted); begins: ok ⏎ ok ⏎ Error: disk full ⏎ more; errors: Error: disk full");
    const long = evidencePlaceholder({ type: "tool-result", callId: "c", output: `Found 3 matches\n${"x".repeat(400)}`, isError: false, images: [] });
    expect(long).toMatch(/^Old environment output: \(2 lines omitted\); begins: Found 3 matches ⏎ x+…$/);
    expect(long.length).toBeLessThan(260);
  });

  it("compacts past its share of the window into a narrative + a literal ledger + a recent tail; the ledger travels as details", async () => {
    const session = deepFreeze(longSession(60));
    const window = 40_000;
    const result = await replaySession({ session, strategy: evidenceStrategy, window });
    const ends = result.events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");
    expect(ends.length).toBeGreaterThan(1);
    let previous: EvidenceLedger | null = null;
    for (const end of ends) {
      const ledger = end.details!.evidence!;
      expect(ledger).toBeDefined();
      // cumulative: every message read before is still counted, and the rules are still there
      if (previous) expect(ledger.messagesRead).toBeGreaterThan(previous.messagesRead);
      expect(ledger.entries.some((entry) => entry.kind === "rule" && entry.text === "Never edit package-lock.json by hand.")).toBe(true);
      // the reported summary is the narrative only: the ledger is never summary text to be re-read
      expect(end.summary ?? "").not.toContain("[Evidence ledger");
      previous = ledger;
    }
    const context = finalContext(session, result).messages.map(({ message }) => message);
    const ledgerMessage = context.find((message) => message.synthetic && message.parts.some((part) => part.type === "text" && part.text.startsWith("[Evidence ledger")))!;
    const text = ledgerMessage.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
    expect(text).toContain("Never edit package-lock.json by hand.");
    expect(text).toContain("src/parser/case0.ts");
    expect(text).toMatch(/`npm test -- case(\d+)`: failed: FAIL src\/parser\/case\1\.test\.ts/);
    expect(Math.ceil(text.length / 4)).toBeLessThanOrEqual(0.15 * window);
    // every step's context stays at or under the trigger (0.2 of the window) once compaction starts
    const firstCompaction = ends[0].step;
    for (const step of result.steps.slice(firstCompaction)) expect(step.contextTokens).toBeLessThanOrEqual(0.2 * window + 1_000);
  });

  it("when the narrative fails, the ledger and the tail remain (fallback with the same details)", async () => {
    const failing: Summarizer = async () => {
      throw new Error("upstream 500");
    };
    const session = longSession(20);
    const result = await replaySession({ session, strategy: evidenceStrategy, window: 20_000, summarizer: failing });
    const fallbacks = result.events.filter((event) => event.type === "fallback");
    expect(fallbacks.length).toBeGreaterThan(0);
    const ends = result.events.filter((event): event is CompactionEndEvent => event.type === "compaction-end");
    expect(ends.every((end) => end.summary === null && end.details?.evidence !== undefined)).toBe(true);
    expect(ends[ends.length - 1].details!.evidence!.messagesRead).toBeGreaterThan(ends[0].details!.evidence!.messagesRead);
    const text = JSON.stringify(finalContext(session, result).messages.map(({ message }) => message.parts));
    expect(text).toContain("[Evidence ledger");
  });

  it("without a narrative it makes no summarizer call: a trim that carries the ledger", async () => {
    let calls = 0;
    const counting: Summarizer = async () => {
      calls++;
      return { text: "x", usage: { input: 0, output: 0 } };
    };
    const session = longSession(20);
    const result = await replaySession({ session, strategy: evidenceStrategy, settings: { ...DEFAULT_EVIDENCE_SETTINGS, narrative: false }, window: 20_000, summarizer: counting });
    expect(calls).toBe(0);
    const trims = result.events.filter((event): event is TrimEvent => event.type === "trim");
    expect(trims.length).toBeGreaterThan(1);
    expect(trims[trims.length - 1].details!.evidence!.messagesRead).toBeGreaterThan(trims[0].details!.evidence!.messagesRead);
  });
});
