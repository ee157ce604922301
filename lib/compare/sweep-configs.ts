import type { SweepRequest } from "../api/contracts/compare-schemas";
import type { ComparisonConfigInput } from "./plan-comparison";

/**
 * A sweep's configurations: the cartesian product of its axes, x-major (every y of the first x, then the next x),
 * each the shared settings overridden by its cell's values. Labels name the cell only — `key=value`, or
 * `x=…, y=…` with two axes (strings bare, anything else as JSON) — since the strategy is the same in every cell.
 * The schema caps the cells (MAX_SWEEP_CELLS); a value the strategy rejects is planComparison's 400, naming the
 * cell by its index and label.
 */
export function sweepConfigs(request: Pick<SweepRequest, "strategy" | "settings" | "x" | "y">): ComparisonConfigInput[] {
  const ys: { value: unknown }[] | [null] = request.y ? request.y.values.map((value) => ({ value })) : [null];
  return request.x.values.flatMap((x) =>
    ys.map((y) => {
      const settings: Record<string, unknown> = { ...request.settings, [request.x.key]: x };
      const parts = [`${request.x.key}=${show(x)}`];
      if (y && request.y) {
        settings[request.y.key] = y.value;
        parts.push(`${request.y.key}=${show(y.value)}`);
      }
      return { strategy: request.strategy, settings, label: parts.join(", "), cell: y ? { x, y: y.value } : { x } };
    }),
  );
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
