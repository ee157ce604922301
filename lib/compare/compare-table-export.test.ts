import { describe, expect, it } from "vitest";
import type { CompareRow } from "../api/contracts/compare-schemas";
import { PROBE_KINDS } from "../engine/evaluate/probe";
import { compareRowsToCsv, compareRowsToJson } from "./compare-table-export";

function row(overrides: Partial<CompareRow> = {}): CompareRow {
  return {
    config: "pi",
    strategy: "pi",
    settings: { reserveTokens: 16384, keepRecentTokens: 20000 },
    window: 200000,
    estimator: "chars4",
    summarizer: "extractive",
    peakContextTokens: 120500,
    meanContextTokens: 60250.5,
    compactions: 2,
    prunes: 0,
    totalTokensSent: 9000000,
    finalContextTokens: 80000,
    tokensSavedVsNone: -1200,
    summarizerTokens: { input: 80000, output: 4000 },
    estimatedCostUsd: null,
    fallbacks: 0,
    summarizerFailures: 0,
    guardTrips: 1,
    overflows: 0,
    retention: {
      overall: 0.75,
      byKind: {
        rule: { counted: 4, retained: 3, score: 0.75 },
        "file-path": { counted: 10, retained: 1, score: 0.1 },
        error: { counted: 0, retained: 0, score: null },
      },
      afterCompactions: 0.5,
      perCompaction: [{ step: 3, overall: 0.5 }],
    },
    judged: null,
    ...overrides,
  };
}

/** A strict RFC 4180 reader, so the tests check what a spreadsheet would read, not the writer's own idea of it. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"') {
      index++;
      for (;;) {
        if (index >= text.length) throw new Error("unterminated quoted field");
        if (text[index] === '"' && text[index + 1] === '"') { field += '"'; index += 2; }
        else if (text[index] === '"') { index++; break; }
        else field += text[index++];
      }
    }
    if (text.startsWith("\r\n", index)) { fields.push(field); records.push(fields); fields = []; field = ""; index += 2; }
    else if (text[index] === ",") { fields.push(field); field = ""; index++; }
    else if (index < text.length) {
      if (text[index] === '"' || text[index] === "\r" || text[index] === "\n") throw new Error(`bare ${JSON.stringify(text[index])} at ${index}`);
      field += text[index++];
    }
  }
  if (field || fields.length) throw new Error("last record not terminated by CRLF");
  return records;
}

function table(rows: CompareRow[]): Record<string, string>[] {
  const [header, ...records] = parseCsv(compareRowsToCsv(rows));
  for (const record of records) expect(record).toHaveLength(header.length);
  return records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index]])));
}

describe("compareRowsToCsv", () => {
  it("writes a header only for no rows, CRLF-terminated", () => {
    const csv = compareRowsToCsv([]);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")).toHaveLength(2);
    expect(parseCsv(csv)[0].slice(0, 3)).toEqual(["config", "strategy", "window"]);
  });

  it("has a column for every figure, one per probe kind, judged figures and the settings", () => {
    const [header] = parseCsv(compareRowsToCsv([row()]));
    for (const name of [
      "peakContextTokens", "meanContextTokens", "compactions", "prunes", "totalTokensSent", "finalContextTokens", "tokensSavedVsNone",
      "summarizerInputTokens", "summarizerOutputTokens", "estimatedCostUsd", "fallbacks", "summarizerFailures", "guardTrips", "overflows",
      "continuationRecall", "continuationRecallLow", "continuationRecallHigh", "continuationCheckpointsRefused", "continuationFactsCounted", "continuationFactsHeld", "retentionOverall", "retentionAfterCompactions", "judgedOverall", "judgedAsked", "judgedModel", "settings",
    ]) expect(header).toContain(name);
    for (const kind of PROBE_KINDS) {
      expect(header).toContain(`retention:${kind}`);
      expect(header).toContain(`judged:${kind}`);
    }
    expect(new Set(header).size).toBe(header.length);
  });

  it("names the version and date each strategy reproduces, empty cells for a strategy of no agent", () => {
    const [claude, evidence] = table([row({ strategy: "claude-code@2.1.299" }), row({ strategy: "evidence" })]);
    expect([claude.strategyVersion, claude.strategyAsOf]).toEqual(["2.1.299", "2026-10-14"]);
    expect([evidence.strategyVersion, evidence.strategyAsOf]).toEqual(["", ""]);
  });

  it("writes the figures of each row, negative savings as numbers", () => {
    const [cells] = table([row()]);
    expect(cells).toMatchObject({
      config: "pi",
      peakContextTokens: "120500",
      meanContextTokens: "60250.5",
      tokensSavedVsNone: "-1200",
      summarizerInputTokens: "80000",
      retentionOverall: "0.75",
      "retention:rule": "0.75",
      "retention:file-path": "0.1",
    });
    expect(JSON.parse(cells.settings)).toEqual({ reserveTokens: 16384, keepRecentTokens: 20000 });
  });

  it.each([
    ["a null score (nothing counted)", "retention:error"],
    ["a kind the row lacks", "retention:decision"],
    ["a null overall", "retentionOverall"],
    ["an unknown cost", "estimatedCostUsd"],
    ["an unjudged row", "judgedOverall"],
    ["an unjudged row's kind", "judged:rule"],
  ])("leaves %s empty, never 0 (%s)", (_label, column) => {
    const [cells] = table([row({ retention: { ...row().retention, overall: null } })]);
    expect(cells[column]).toBe("");
  });

  it.each([
    ["a comma", "pi, 60K", "pi, 60K"],
    ["quotes", 'pi "tight"', 'pi "tight"'],
    ["a newline", "pi\n60K", "pi\n60K"],
    ["CRLF", "pi\r\n60K", "pi\r\n60K"],
    ["a formula", "=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"],
    ["a leading minus", "-pi", "'-pi"],
  ])("escapes a label with %s so it reads back whole", (_label, config, expected) => {
    const cells = table([row({ config }), row({ config: "second" })]);
    expect(cells.map((cells) => cells.config)).toEqual([expected, "second"]);
  });

  it("quotes settings JSON (commas and quotes) and keeps it parseable", () => {
    const settings = { compactableTools: ["Read", "Bash"], note: 'say "hi", then\nstop' };
    const [cells] = table([row({ settings })]);
    expect(JSON.parse(cells.settings)).toEqual(settings);
    expect(compareRowsToCsv([row({ settings })])).toContain('"{""compactableTools"":[""Read"",""Bash""]');
  });

  it("writes judged figures and adds columns for user probe kinds in a stable order", () => {
    const judged = {
      overall: 0.5,
      byKind: { rule: { counted: 2, retained: 1, score: 0.5 }, "user:zeta": { counted: 1, retained: 1, score: 1 } },
      asked: 3,
      model: "claude-haiku-4-5",
    };
    const withUser = row({ retention: { ...row().retention, byKind: { ...row().retention.byKind, "user:alpha": { counted: 1, retained: 0, score: 0 } } } });
    const forward = table([row({ judged }), withUser]);
    const backward = table([withUser, row({ judged })]);
    expect(Object.keys(forward[0])).toEqual(Object.keys(backward[0]));
    const header = Object.keys(forward[0]);
    expect(header.indexOf("retention:user:alpha")).toBeGreaterThan(header.indexOf("retention:identifier"));
    expect(header.indexOf("retention:user:zeta")).toBeGreaterThan(header.indexOf("retention:user:alpha"));
    expect(forward[0]).toMatchObject({ judgedOverall: "0.5", "judged:rule": "0.5", "judged:user:zeta": "1", judgedAsked: "3", judgedModel: "claude-haiku-4-5" });
    expect(forward[1]).toMatchObject({ "retention:user:alpha": "0", judgedOverall: "", "judged:user:zeta": "" });
  });
});

describe("compareRowsToJson", () => {
  it("round-trips the rows exactly, newline-terminated", () => {
    const rows = [row(), row({ config: 'x "y",\nz', judged: { overall: null, byKind: {}, asked: 0, model: "m" } })];
    const json = compareRowsToJson(rows);
    expect(json.endsWith("}\n]\n")).toBe(true);
    const pi = { version: "@mariozechner/pi-coding-agent 0.73.1", asOf: "2026-07-17", url: "https://github.com/badlogic/pi-mono" };
    expect(JSON.parse(json)).toEqual(rows.map((each) => ({ ...each, strategySource: pi })));
  });

  it("says which version each row's strategy reproduces, null for a strategy of no agent", () => {
    const parsed = JSON.parse(compareRowsToJson([row({ strategy: "claude-code@2.1.299" }), row({ strategy: "evidence" })]));
    expect(parsed.map((each: { strategySource: unknown }) => each.strategySource)).toEqual([
      { version: "2.1.299", asOf: "2026-10-14", url: "https://code.claude.com/docs/en/changelog" },
      null,
    ]);
  });

  it("writes an empty table as []", () => {
    expect(JSON.parse(compareRowsToJson([]))).toEqual([]);
  });
});
