import type { CompareRow } from "../api/contracts/compare-schemas";
import type { CompareEntry } from "./compare-state";

export type SweepMetric = "retention" | "dollars" | "totalTokensSent" | "peakContextTokens";

export const SWEEP_METRICS: readonly { id: SweepMetric; label: string; higherIsBetter: boolean }[] = [
  { id: "retention", label: "Retention", higherIsBetter: true },
  { id: "dollars", label: "Dollars", higherIsBetter: false },
  { id: "totalTokensSent", label: "Tokens sent", higherIsBetter: false },
  { id: "peakContextTokens", label: "Peak context", higherIsBetter: false },
];

export function metricOf(row: CompareRow, metric: SweepMetric): number | null {
  if (metric === "retention") return row.retention.overall;
  // with prompt caching; null when the priced model has no known price
  if (metric === "dollars") return row.cost?.totalUsd ?? null;
  return row[metric];
}

export interface SweepGrid {
  /** cells[y][x]: the cell's entry (any phase), null until its first line arrives */
  cells: (CompareEntry | null)[][];
  /** the metric's range over the finished cells, for the colour scale; null when none has a value */
  range: { min: number; max: number } | null;
}

/**
 * Places a sweep's entries on the grid of its axis values. A finished cell is matched by the values its row carries
 * (JSON of the value, so `40000` and `"40000"` stay apart); one still running, or failed (those lines carry no cell),
 * by its index in the server's x-major order (every y of the first x, then the next x: lib/compare/sweep-configs).
 * A one-axis sweep is one row. An entry whose cell matches no axis value is left out rather than guessed into place.
 */
export function sweepGrid(options: { entries: readonly CompareEntry[]; xValues: readonly unknown[]; yValues: readonly unknown[] | null; metric: SweepMetric }): SweepGrid {
  const key = (x: unknown, y: unknown) => JSON.stringify([x, y === undefined ? null : y]);
  const byCell = new Map<string, CompareEntry>();
  const ys = options.yValues ?? [undefined];
  for (const entry of options.entries) {
    const cell = entry.cell ?? cellOfIndex(entry.index, options.xValues, ys);
    if (cell) byCell.set(key(cell.x, cell.y), entry);
  }
  const yValues = options.yValues ?? [undefined];
  const cells = yValues.map((y) => options.xValues.map((x) => byCell.get(key(x, y)) ?? null));
  let range: SweepGrid["range"] = null;
  for (const entry of cells.flat()) {
    const value = entry?.row ? metricOf(entry.row, options.metric) : null;
    if (value === null) continue;
    range = range ? { min: Math.min(range.min, value), max: Math.max(range.max, value) } : { min: value, max: value };
  }
  return { cells, range };
}

function cellOfIndex(index: number, xValues: readonly unknown[], yValues: readonly unknown[]): { x: unknown; y?: unknown } | null {
  if (!Number.isInteger(index) || index < 0 || index >= xValues.length * yValues.length) return null;
  const x = xValues[Math.floor(index / yValues.length)];
  const y = yValues[index % yValues.length];
  return y === undefined ? { x } : { x, y };
}
