import { describe, expect, it } from "vitest";
import type { CompareRow } from "../api/contracts/compare-schemas";
import type { CompareEntry } from "./compare-state";
import { sweepGrid } from "./sweep-grid";

function entry(index: number, cell: { x: unknown; y?: unknown } | null, figures: { retention: number | null; sent: number }): CompareEntry {
  const row = {
    config: `c${index}`,
    totalTokensSent: figures.sent,
    peakContextTokens: figures.sent / 10,
    retention: { overall: figures.retention, byKind: {}, afterCompactions: null, perCompaction: [] },
  } as unknown as CompareRow;
  return { key: `s#${index}`, index, sessionId: "s", label: `c${index}`, runId: `r${index}`, phase: "done", step: 1, totalSteps: 1, row, curve: [], cell, error: null };
}

describe("sweepGrid", () => {
  it("places cells by their axis values, whatever order they arrive in, and ranges the metric", () => {
    const entries = [
      entry(3, { x: 200_000, y: 40_000 }, { retention: 0.9, sent: 400 }),
      entry(0, { x: 40_000, y: 5_000 }, { retention: 0.2, sent: 100 }),
      entry(2, { x: 40_000, y: 40_000 }, { retention: 0.5, sent: 300 }),
    ];
    const grid = sweepGrid({ entries, xValues: [40_000, 200_000], yValues: [5_000, 40_000], metric: "retention" });
    expect(grid.cells.map((row) => row.map((cell) => cell?.index ?? null))).toEqual([
      [0, null],
      [2, 3],
    ]);
    expect(grid.range).toEqual({ min: 0.2, max: 0.9 });
    expect(sweepGrid({ entries, xValues: [40_000, 200_000], yValues: [5_000, 40_000], metric: "totalTokensSent" }).range).toEqual({ min: 100, max: 400 });
  });

  it("lays a one-axis sweep out as one row and keeps a string value apart from a number", () => {
    const entries = [entry(0, { x: 1 }, { retention: 1, sent: 1 }), entry(1, { x: "2" }, { retention: null, sent: 2 })];
    const grid = sweepGrid({ entries, xValues: [1, 2], yValues: null, metric: "retention" });
    expect(grid.cells).toHaveLength(1);
    expect(grid.cells[0].map((cell) => cell?.index ?? null)).toEqual([0, null]);
    expect(grid.range).toEqual({ min: 1, max: 1 });
  });

  it("places a running or failed cell (no cell on its lines) by its index in x-major order", () => {
    const failed: CompareEntry = { ...entry(1, null, { retention: null, sent: 0 }), row: null, phase: "failed", error: { code: "x", message: "bad" } };
    const running: CompareEntry = { ...entry(2, null, { retention: null, sent: 0 }), row: null, phase: "running" };
    const grid = sweepGrid({ entries: [failed, running], xValues: [10, 20], yValues: [1, 2], metric: "retention" });
    // x-major: index 1 = (x 10, y 2), index 2 = (x 20, y 1)
    expect(grid.cells.map((row) => row.map((cell) => cell?.index ?? null))).toEqual([
      [null, 2],
      [1, null],
    ]);
    expect(grid.range).toBeNull();
  });

  it("has no range before any cell has a value", () => {
    expect(sweepGrid({ entries: [], xValues: [1], yValues: null, metric: "retention" }).range).toBeNull();
  });
});
