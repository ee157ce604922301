import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { contextAt, finalContext } from "../simulate/context-at";
import type { ReplayResult } from "../simulate/replay-result";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { buildSession, deepFreeze } from "../testing/build-session";
import { extractContinuationFacts } from "./extract-continuation-facts";
import { factMatcher } from "./fact-matcher";
import { planExam } from "./plan-exam";
import { scoreContinuationRecall } from "./score-continuation-recall";

const filler = "lorem ipsum dolor sit amet ".repeat(40);
const session = deepFreeze(
  buildSession([
    { user: "The importer in src/import/parse_rows.py fails on big files. Keep the batch size at 5000." },
    { assistant: "Running it.", tools: [{ name: "bash", input: { command: "python -m pytest tests/test_parse.py -x" }, output: `ModuleNotFoundError: No module named 'scipy'\n${filler}`, isError: true }] },
    { assistant: "Reading the parser.", tools: [{ name: "read", input: { path: "/repo/src/import/parse_rows.py" }, output: `def parse_rows(stream):\n    return RowBatcher(make_reader(stream))\n${filler}` }] },
    { assistant: "Noted.", tools: [{ name: "bash", input: { command: "ls -la docs/notes" }, output: filler }] },
    { user: "go on" },
    { assistant: "Installing the missing module.", tools: [{ name: "bash", input: { command: "pip install scipy" }, output: filler }] },
    { assistant: "Now RowBatcher gets batch_size=5000.", tools: [{ name: "edit", input: { path: "src/import/parse_rows.py", old: "RowBatcher(x)", new: "RowBatcher(x, 5000)" }, output: "edited" }] },
    { assistant: "Re-running.", tools: [{ name: "bash", input: { command: "python -m pytest tests/test_parse.py -x" }, output: "1 passed" }] },
  ]),
);
const facts = extractContinuationFacts(session);
const window = 1_200;
const replay = (id: string, settings?: Record<string, unknown>) => replaySession({ session, strategy: findStrategy(id)!, settings, window });

describe("scoreContinuationRecall on an exam", () => {
  it("scores every configuration at the same checkpoints on the same facts, whatever it cut", async () => {
    const none = await replay("none");
    const exam = planExam({ uncompactedTokens: none.steps.map((step) => step.contextTokens), window });
    expect(exam.checkpoints.length).toBeGreaterThan(2);
    const reports = await Promise.all(
      [none, await replay("trim-messages", { maxConversationMessages: 2 }), await replay("observation-masking")].map((result) => scoreContinuationRecall({ session, result, facts, exam })),
    );
    const counted = reports.map((report) => report.counted);
    expect(new Set(counted).size).toBe(1);
    expect(counted[0]).toBeGreaterThan(0);
    for (const report of reports) {
      expect(report.checkpoints.map((point) => point.step)).toEqual(exam.checkpoints);
      expect(report.exam).toEqual(exam);
      expect(report.low!).toBeLessThanOrEqual(report.overall!);
      expect(report.high!).toBeGreaterThanOrEqual(report.overall!);
    }
  });

  it("counts a call over the window as refused: `none` loses every fact there", async () => {
    const none = await replay("none");
    const exam = planExam({ uncompactedTokens: none.steps.map((step) => step.contextTokens), window });
    const over = exam.checkpoints.filter((step) => none.steps[step].contextTokens > window);
    expect(over.length).toBeGreaterThan(0); // the session outgrows the window
    const report = scoreContinuationRecall({ session, result: none, facts, exam });
    expect(report.refused).toBe(over.length);
    for (const point of report.checkpoints) expect(point.refused).toBe(over.includes(point.step));
    for (const point of report.checkpoints.filter((entry) => entry.refused)) expect(point.present).toBe(0);
    expect(report.overall).toBeLessThan(1);
    // without the window (the uncompacted ceiling) the same replay holds everything
    expect(scoreContinuationRecall({ session, result: none, facts, exam, ignoreWindow: true })).toMatchObject({ overall: 1, refused: 0 });
  });

  it("keeps the per-cut view as a detail, and scores at the cuts only without an exam", async () => {
    const trimmed = await replay("trim-messages", { maxConversationMessages: 2 });
    const none = await replay("none");
    const exam = planExam({ uncompactedTokens: none.steps.map((step) => step.contextTokens), window });
    const withExam = scoreContinuationRecall({ session, result: trimmed, facts, exam });
    const cutsOnly = scoreContinuationRecall({ session, result: trimmed, facts });
    expect(withExam.points).toEqual(cutsOnly.points);
    expect(cutsOnly).toMatchObject({ exam: null, checkpoints: [], refused: 0 });
    expect(scoreContinuationRecall({ session, result: none, facts })).toMatchObject({ overall: 1, low: 1, high: 1 });
  });

  it("refuses an exam of another session", async () => {
    const none = await replay("none");
    expect(() => scoreContinuationRecall({ session, result: none, facts, exam: { checkpoints: [999], startTokens: 0, window } })).toThrow(RangeError);
  });
});

describe("scoreContinuationRecall reads each context as contextAt gives it", () => {
  // The scorer walks contexts without snapshots (forEachContextMessage), remembers a marked message's version by
  // state, and grows a run without marks from its previous checkpoint. The oracle here takes every context from
  // contextAt and matches every message with the matcher (no stored heldFacts): any shortcut that changed a fact
  // held, counted or lost would show as a different point.
  const generated = generateSession({ seed: 5, messages: 500 });
  const generatedFacts = extractContinuationFacts(generated);
  const match = factMatcher(generatedFacts.facts);
  const expectedAt = (result: ReplayResult, step: number | "final", refused: boolean) => {
    const held = new Set(refused ? [] : (step === "final" ? finalContext(generated, result) : contextAt(generated, result, step)).messages.flatMap((entry) => [...match(entry.message)]));
    const last = step === "final" ? generated.messages.length - 1 : generatedFacts.firstStepByIndex.findLastIndex((first) => first <= step);
    const counted = generatedFacts.facts.flatMap((fact, index) => (fact.firstIndex <= last && fact.lastUse > last ? [index] : []));
    return { counted: counted.length, present: counted.filter((index) => held.has(index)).length, lost: counted.filter((index) => !held.has(index)).slice(0, 12).map((index) => `${generatedFacts.facts[index].kind}: ${generatedFacts.facts[index].key}`) };
  };

  it.each(["none", "observation-masking", "nous", "trim-messages", "claude-code"])("%s: every cut point and checkpoint, and the uncompacted ceiling", async (id) => {
    const generatedWindow = 16_000;
    const none = await replaySession({ session: generated, strategy: findStrategy("none")!, window: generatedWindow });
    const exam = planExam({ uncompactedTokens: none.steps.map((step) => step.contextTokens), window: generatedWindow });
    const result = id === "none" ? none : await replaySession({ session: generated, strategy: findStrategy(id)!, window: generatedWindow });
    const report = scoreContinuationRecall({ session: generated, result, facts: generatedFacts, exam });
    expect(report.checkpoints.length).toBeGreaterThan(10);
    if (id !== "none") expect(report.points.length).toBeGreaterThan(0);
    for (const point of report.points) expect({ counted: point.counted, present: point.present, lost: point.lost }).toEqual(expectedAt(result, point.step, false));
    for (const point of report.checkpoints) expect({ counted: point.counted, present: point.present, lost: point.lost }).toEqual(expectedAt(result, point.step, point.refused));
    const ceiling = scoreContinuationRecall({ session: generated, result: none, facts: generatedFacts, exam, ignoreWindow: true, interval: false });
    for (const point of ceiling.checkpoints) expect({ counted: point.counted, present: point.present, lost: point.lost }).toEqual(expectedAt(none, point.step, false));
  });
});
