import { MAX_SWEEP_AXIS_VALUES } from "../api/contracts/compare-schemas";

/** One sweep axis as the form holds it: a setting and an evenly spaced range. */
export interface SweepRange {
  key: string;
  from: number;
  to: number;
  /** how many values, both ends included */
  steps: number;
  /** integer settings (token thresholds) get rounded values */
  integer: boolean;
}

/**
 * The values of a sweep axis: `steps` evenly spaced values from `from` to `to`, both included (`to` may be below
 * `from`: a descending axis). Integer settings are rounded, and rounding can make neighbours equal on a narrow
 * range, so repeats are dropped (a heatmap with two identical columns says nothing). One step gives `[from]`.
 * Throws a message naming the field when the range cannot make an axis.
 */
export function sweepValues(range: SweepRange): number[] {
  if (!Number.isFinite(range.from)) throw new Error(`${range.key}: "from" must be a number`);
  if (!Number.isFinite(range.to)) throw new Error(`${range.key}: "to" must be a number`);
  if (!Number.isInteger(range.steps) || range.steps < 1) throw new Error(`${range.key}: steps must be a whole number ≥ 1`);
  if (range.steps > MAX_SWEEP_AXIS_VALUES) throw new Error(`${range.key}: at most ${MAX_SWEEP_AXIS_VALUES} steps per axis`);
  if (range.steps === 1) return [range.integer ? Math.round(range.from) : range.from];
  const values: number[] = [];
  for (let index = 0; index < range.steps; index++) {
    const raw = range.from + ((range.to - range.from) * index) / (range.steps - 1);
    const value = range.integer ? Math.round(raw) : Number(raw.toPrecision(12));
    if (!values.includes(value)) values.push(value);
  }
  return values;
}
