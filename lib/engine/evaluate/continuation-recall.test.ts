import { describe, expect, it } from "vitest";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { buildSession, deepFreeze } from "../testing/build-session";
import { classifyWord, pathKey } from "./continuation-recognizers";
import { extractContinuationFacts } from "./extract-continuation-facts";
import { scoreContinuationRecall } from "./score-continuation-recall";

// m0 user; m1/m2 first call + result; … each assistant message starts a call
const session = deepFreeze(
  buildSession([
    { user: "The importer in src/import/parse_rows.py fails on big files. Keep the batch size at 5000." }, // m0
    { assistant: "Running it.", tools: [{ name: "bash", input: { command: "python -m pytest tests/test_parse.py -x" }, output: "ModuleNotFoundError: No module named 'scipy'", isError: true }] }, // m1, m2
    { assistant: "Reading the parser.", tools: [{ name: "read", input: { path: "/repo/src/import/parse_rows.py" }, output: "def parse_rows(stream):\n    reader = make_reader(stream)\n    return RowBatcher(reader)" }] }, // m3, m4
    { assistant: "Noted, unrelated words here.", tools: [{ name: "bash", input: { command: "ls -la docs/notes" }, output: "a.txt\nb.txt" }] }, // m5, m6
    { user: "go on" }, // m7
    { assistant: "Installing the missing module.", tools: [{ name: "bash", input: { command: "pip install scipy" }, output: "ok" }] }, // m8, m9
    { assistant: "Now RowBatcher gets batch_size=5000.", tools: [{ name: "edit", input: { path: "src/import/parse_rows.py", old: "RowBatcher(reader)", new: "RowBatcher(reader, 5000)" }, output: "edited" }] }, // m10, m11
    { assistant: "Re-running.", tools: [{ name: "bash", input: { command: "python -m pytest tests/test_parse.py -x" }, output: "1 passed" }] }, // m12, m13
  ]),
);

describe("continuation recognisers", () => {
  it.each([
    ["RowBatcher", "identifier"],
    ["parse_rows", "identifier"],
    ["useMemo", "identifier"], // camelCase of 6 characters or more (was 8 with the earlier recognisers)
    ["getX", null], // too short to be a name worth a fact
    ["ModuleNotFoundError", "error"],
    ["make_reader", "identifier"],
    ["5000", "number"],
    ["0.75", "number"],
    ["v1.2.3", "number"],
    ["250ms", "number"],
    ["#42", "number"],
    ["TS2345", "error"],
    ["ENOENT", "error"],
    ["DATABASE_URL", "identifier"],
    ["a1b2c3d4e5", "identifier"],
    ["because", null],
    ["42", null],
  ])("%s → %s", (word, kind) => {
    expect(classifyWord(word)).toBe(kind);
  });

  it("keys a path by its last two segments, so absolute and relative paths are one file", () => {
    expect(pathKey("/repo/src/import/parse_rows.py")).toBe("import/parse_rows.py");
    expect(pathKey("src\\import\\parse_rows.py")).toBe("import/parse_rows.py");
    expect(pathKey("./README.md")).toBe("readme.md");
  });
});

describe("extractContinuationFacts", () => {
  const { facts } = extractContinuationFacts(session);
  const find = (key: string) => facts.find((fact) => fact.key === key);

  it("keeps the facts a later message uses, with where they first appear and their last use", () => {
    expect(find("import/parse_rows.py")).toMatchObject({ kind: "file", firstIndex: 0, lastUse: 10 });
    expect(find("python -m pytest tests/test_parse.py -x")).toMatchObject({ kind: "command", firstIndex: 1, lastUse: 12 });
    expect(find("scipy")).toMatchObject({ kind: "error", firstIndex: 2, lastUse: 8 });
    expect(find("rowbatcher")).toMatchObject({ kind: "identifier", firstIndex: 4, lastUse: 10 });
    expect(find("5000")).toMatchObject({ kind: "number", firstIndex: 0, lastUse: 10 });
  });

  it("drops facts nothing later uses, and commands too short to be facts", () => {
    expect(find("make_reader")).toBeUndefined(); // read, never used again
    expect(find("ls -la docs/notes")).toBeUndefined(); // run once
    expect(facts.filter((fact) => fact.kind === "command").map((fact) => fact.key)).toEqual(["python -m pytest tests/test_parse.py -x"]);
  });

  it("is deterministic", () => {
    expect(extractContinuationFacts(session)).toEqual(extractContinuationFacts(session));
  });

  it("keeps one fact per lower-cased word whatever its spelling, of the kind it was first mentioned as, in the order first mentioned", () => {
    const spelled = extractContinuationFacts(
      buildSession([
        { user: "Set PARSE_ROWS before the run; the build id is 4411." }, // m0
        { assistant: "Checking.", tools: [{ name: "bash", input: { command: "cat config/settings.toml" }, output: "Error: ENOENT while opening settings for 'parse_rows'", isError: true }] }, // m1, m2
        { assistant: "Parse_Rows reads 4411 now; enoent came from the missing file." }, // m3
      ]),
    );
    expect(spelled.facts.map(({ kind, key, firstIndex, lastUse }) => ({ kind, key, firstIndex, lastUse }))).toEqual([
      // quoted on the failing line too, but first mentioned as a name
      { kind: "identifier", key: "parse_rows", firstIndex: 0, lastUse: 3 },
      { kind: "number", key: "4411", firstIndex: 0, lastUse: 3 },
      // used by a spelling that has no fact's shape of its own
      { kind: "error", key: "enoent", firstIndex: 2, lastUse: 3 },
    ]);
  });
});

describe("scoreContinuationRecall", () => {
  const facts = extractContinuationFacts(session);
  const replay = (id: string, settings?: Record<string, unknown>) => replaySession({ session, strategy: findStrategy(id)!, settings, window: 1_000_000 });

  it("a replay that never cuts its context recalls everything", async () => {
    const report = scoreContinuationRecall({ session, result: await replay("none"), facts });
    expect(report).toMatchObject({ overall: 1, points: [], events: 0 });
  });

  it("trimming to the last messages loses what came before the cut and is used after it, and names it", async () => {
    const report = scoreContinuationRecall({ session, result: await replay("trim-messages", { maxConversationMessages: 2 }), facts });
    expect(report.points.length).toBeGreaterThan(0);
    expect(report.overall).toBeLessThan(0.5);
    const lost = report.points.flatMap((point) => point.lost);
    expect(lost).toContain("number: 5000");
    expect(lost).toContain("file: import/parse_rows.py");
    for (const point of report.points) {
      expect(point.present).toBeLessThanOrEqual(point.counted);
      if (point.recall !== null) expect(point.recall).toBeGreaterThanOrEqual(0);
    }
  });

  it("only counts facts first seen before the cut and used after it", async () => {
    const result = await replay("trim-messages", { maxConversationMessages: 2 });
    const report = scoreContinuationRecall({ session, result, facts });
    // at the last point nothing is used later (the session ends), so nothing counts there
    const lastStep = result.steps.length - 1;
    const atLast = report.points.find((point) => point.step === lastStep);
    if (atLast) expect(atLast.counted).toBe(facts.facts.filter((fact) => fact.lastUse > 11 && fact.firstIndex <= 11).length);
    expect(report.counted).toBe(report.points.reduce((sum, point) => sum + point.counted, 0));
  });

  it("is deterministic", async () => {
    const result = await replay("trim-messages", { maxConversationMessages: 3 });
    expect(scoreContinuationRecall({ session, result, facts })).toEqual(scoreContinuationRecall({ session, result, facts }));
  });
});
