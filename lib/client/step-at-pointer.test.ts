import { describe, expect, it } from "vitest";
import { nearestIndex, stepAtPointer } from "./step-at-pointer";

describe("stepAtPointer", () => {
  it.each([
    // offsetX, width, from, to, step
    [0, 800, 0, 49_999, 0],
    [800, 800, 0, 49_999, 49_999],
    [400, 800, 0, 49_999, 25_000],
    [480, 800, 0, 9_999, 5_999],
    [200, 800, 10_000, 12_000, 10_500],
    [-30, 800, 100, 200, 100],
    [900, 800, 100, 200, 200],
    [3, 800, 0, 4, 0],
    [99, 800, 0, 4, 0],
    [101, 800, 0, 4, 1],
  ])("pointer at %ipx of %ipx over steps %i–%i is step %i", (offsetX, width, from, to, step) => {
    expect(stepAtPointer({ offsetX, width, from, to })).toBe(step);
  });

  it("falls back to the range's start for a plot with no width or a one-step range", () => {
    expect(stepAtPointer({ offsetX: 50, width: 0, from: 7, to: 90 })).toBe(7);
    expect(stepAtPointer({ offsetX: 50, width: 100, from: 7, to: 7 })).toBe(7);
    expect(stepAtPointer({ offsetX: Number.NaN, width: 100, from: 7, to: 70 })).toBe(7);
  });
});

describe("nearestIndex", () => {
  const steps = [0, 4, 10, 11, 30];
  it.each([
    [-5, 0],
    [0, 0],
    [2, 0],
    [3, 1],
    [7, 1],
    [8, 2],
    [10.6, 3],
    [29, 4],
    [1_000, 4],
  ])("nearest to %d is index %i", (target, index) => {
    expect(nearestIndex(steps, target)).toBe(index);
  });

  it("is -1 for no values", () => {
    expect(nearestIndex([], 3)).toBe(-1);
  });
});
