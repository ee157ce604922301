import { describe, expect, it } from "vitest";
import { sweepValues } from "./sweep-axis";

describe("sweepValues", () => {
  it.each([
    [{ from: 40_000, to: 200_000, steps: 5, integer: true }, [40_000, 80_000, 120_000, 160_000, 200_000]],
    [{ from: 5_000, to: 40_000, steps: 2, integer: true }, [5_000, 40_000]],
    [{ from: 200, to: 100, steps: 3, integer: true }, [200, 150, 100]],
    [{ from: 0.5, to: 0.9, steps: 5, integer: false }, [0.5, 0.6, 0.7, 0.8, 0.9]],
    [{ from: 7, to: 99, steps: 1, integer: true }, [7]],
    // rounding makes neighbours equal on a narrow integer range: repeats are dropped
    [{ from: 1, to: 2, steps: 4, integer: true }, [1, 2]],
  ])("%j → %j", (range, expected) => {
    expect(sweepValues({ key: "k", ...range })).toEqual(expected);
  });

  it.each([
    [{ from: Number.NaN, to: 1, steps: 2 }, /threshold: "from" must be a number/],
    [{ from: 1, to: Number.POSITIVE_INFINITY, steps: 2 }, /"to" must be a number/],
    [{ from: 1, to: 2, steps: 0 }, /steps must be a whole number/],
    [{ from: 1, to: 2, steps: 2.5 }, /steps must be a whole number/],
    [{ from: 1, to: 2, steps: 13 }, /at most 12 steps/],
  ])("refuses %j naming the field", (range, message) => {
    expect(() => sweepValues({ key: "threshold", integer: true, ...range })).toThrow(message);
  });
});
