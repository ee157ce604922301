import { describe, expect, it } from "vitest";
import type { CompareRow, CompareStreamLine } from "../api/contracts/compare-schemas";
import { applyCompareLine, endCompareState, overallProgress, startingCompareState } from "./compare-state";

const row = (config: string): CompareRow => ({
  config,
  strategy: config,
  settings: {},
  window: 100_000,
  estimator: "chars4",
  summarizer: "extractive",
  peakContextTokens: 10,
  meanContextTokens: 5,
  compactions: 0,
  prunes: 0,
  totalTokensSent: 50,
  finalContextTokens: 10,
  tokensSavedVsNone: 0,
  summarizerTokens: { input: 0, output: 0 },
  estimatedCostUsd: null,
  fallbacks: 0,
  summarizerFailures: 0,
  guardTrips: 0,
  overflows: 0,
  retention: { overall: 1, byKind: {}, afterCompactions: null, perCompaction: [] },
  judged: null,
});

const expected = [
  { index: 0, sessionId: "s", label: "none" },
  { index: 1, sessionId: "s", label: "pi" },
];

function replay(lines: CompareStreamLine[]) {
  return lines.reduce(applyCompareLine, startingCompareState(expected));
}

describe("compare stream state", () => {
  it("starts with one waiting entry per configuration", () => {
    const state = startingCompareState(expected);
    expect(state.phase).toBe("starting");
    expect(state.entries.map((entry) => [entry.key, entry.label, entry.phase])).toEqual([
      ["s#0", "none", "waiting"],
      ["s#1", "pi", "waiting"],
    ]);
  });

  it("follows progress, rows and a configuration's error, then ends done", () => {
    const state = replay([
      { type: "started", configs: 2, sessions: 1, totalSteps: 20 },
      { type: "config-started", index: 0, label: "none", sessionId: "s", runId: "r0" },
      { type: "progress", index: 0, sessionId: "s", step: 4, totalSteps: 10 },
    ]);
    expect(state.phase).toBe("running");
    expect(state.entries[0]).toMatchObject({ phase: "running", runId: "r0", step: 4, totalSteps: 10 });
    expect(overallProgress(state)).toEqual({ done: 4, total: 20 });

    const finished = [
      { type: "row", index: 0, sessionId: "s", runId: "r0", row: row("none"), curve: [1, 2, 3] },
      { type: "config-started", index: 1, label: "pi", sessionId: "s", runId: "r1" },
      { type: "progress", index: 1, sessionId: "s", step: 2, totalSteps: 10 },
      { type: "config-error", index: 1, sessionId: "s", runId: "r1", error: { code: "bad_settings", message: "keepRecentTokens: too small" } },
      { type: "done", rows: 1, failed: 1 },
    ] satisfies CompareStreamLine[];
    const end = finished.reduce(applyCompareLine, state);
    expect(end.phase).toBe("done");
    expect(end.finished).toEqual({ rows: 1, failed: 1, cancelled: 0 });
    expect(end.entries[0]).toMatchObject({ phase: "done", row: { config: "none" }, curve: [1, 2, 3], step: 10 });
    expect(end.entries[1]).toMatchObject({ phase: "failed", error: { message: "keepRecentTokens: too small" } });
    expect(overallProgress(end)).toEqual({ done: 20, total: 20 });
  });

  it("creates entries nobody announced (sweep cells, other sessions) and keeps the aggregate", () => {
    const state = [
      { type: "row", index: 3, sessionId: "t", runId: "r3", row: row("pi threshold=1"), curve: [5, 6, 7], cell: { x: 1, y: 2 } },
      { type: "aggregate", rows: [{ config: "pi", strategy: "pi", sessions: 2, mean: { peakContextTokens: 1, totalTokensSent: 1, tokensSavedVsNone: 0, compactions: 0, retention: 1 }, worst: { peakContextTokens: 1, totalTokensSent: 1, tokensSavedVsNone: 0, compactions: 0, retention: 1 } }] },
    ].reduce(applyCompareLine as (state: ReturnType<typeof startingCompareState>, line: unknown) => ReturnType<typeof startingCompareState>, startingCompareState([]));
    expect(state.entries).toHaveLength(1);
    // no progress line came first: the curve's length gives the steps
    expect(state.entries[0]).toMatchObject({ step: 3, totalSteps: 3, phase: "done" });
    expect(state.entries[0]).toMatchObject({ key: "t#3", cell: { x: 1, y: 2 }, label: "pi threshold=1" });
    expect(state.aggregate).toHaveLength(1);
  });

  it("a stream-wide error line fails the run", () => {
    const state = replay([{ type: "error", error: { code: "internal", message: "boom" } }]);
    expect(state.phase).toBe("failed");
    expect(state.error?.message).toBe("boom");
  });

  it.each([
    [true, "cancelled", null],
    [false, "failed", "stream_ended"],
  ])("a stream that ends without done (cancelled: %s) is %s", (cancelled, phase, code) => {
    const state = endCompareState(replay([{ type: "started", configs: 2, sessions: 1, totalSteps: 20 }]), { cancelled });
    expect(state.phase).toBe(phase);
    expect(state.error?.code ?? null).toBe(code);
    expect(state.entries.every((entry) => entry.phase === "cancelled")).toBe(true);
  });

  it("a cancelled comparison marks unfinished configurations and the run cancelled, not failed", () => {
    const state = replay([
      { type: "started", configs: 2, sessions: 1, totalSteps: 20 },
      { type: "row", index: 0, sessionId: "s", runId: "r0", row: row("none"), curve: [1] },
      { type: "config-error", index: 1, sessionId: "s", runId: "r1", error: { code: "cancelled", message: "cancelled" } },
      { type: "error", error: { code: "cancelled", message: "the comparison was cancelled" } },
    ]);
    expect(state.phase).toBe("cancelled");
    expect(state.error).toBeNull();
    expect(state.entries.map((entry) => entry.phase)).toEqual(["done", "cancelled"]);
    expect(endCompareState(state, { cancelled: true })).toBe(state);
  });

  it("one configuration cancelled while the others finished ends done with the count; after the user's Cancel it reads cancelled", () => {
    const lines: CompareStreamLine[] = [
      { type: "started", configs: 3, sessions: 1, totalSteps: 30 },
      { type: "row", index: 0, sessionId: "s", runId: "r0", row: row("none"), curve: [1] },
      { type: "config-error", index: 1, sessionId: "s", runId: "r1", error: { code: "cancelled", message: "cancelled" } },
      { type: "row", index: 2, sessionId: "s", runId: "r2", row: row("pi"), curve: [1] },
      { type: "done", rows: 2, failed: 0, cancelled: 1 },
    ];
    const state = replay(lines);
    expect(state.phase).toBe("done");
    expect(state.finished).toEqual({ rows: 2, failed: 0, cancelled: 1 });
    expect(state.entries.map((entry) => entry.phase)).toEqual(["done", "cancelled", "done"]);
    const afterCancel = lines.slice(1).reduce(applyCompareLine, { ...replay(lines.slice(0, 1)), cancelling: true });
    expect(afterCancel.phase).toBe("cancelled");
  });

  it("ending a finished run changes nothing", () => {
    const done = replay([{ type: "done", rows: 0, failed: 0 }]);
    expect(endCompareState(done, { cancelled: true })).toBe(done);
  });
});
