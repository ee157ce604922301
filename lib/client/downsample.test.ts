import { describe, expect, it } from "vitest";
import { downsample } from "./downsample";

const sawtooth = (length: number) => Array.from({ length }, (_, step) => ({ step, tokens: (step % 100) * 1_000 }));

describe("downsample", () => {
  it("returns a short series unchanged", () => {
    const points = sawtooth(50);
    expect(downsample({ points, maxPoints: 100, value: (point) => point.tokens })).toBe(points);
  });

  it.each([
    [10_000, 2_000],
    [5_000, 500],
    [2_001, 2_000],
  ])("thins %i points to about %i, in order", (length, maxPoints) => {
    const result = downsample({ points: sawtooth(length), maxPoints, value: (point) => point.tokens });
    expect(result.length).toBeLessThanOrEqual(maxPoints + 2);
    expect(result.length).toBeGreaterThan(maxPoints / 2);
    const steps = result.map((point) => point.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });

  it("keeps every peak of a sawtooth and the first and last point", () => {
    const points = sawtooth(10_000);
    const result = downsample({ points, maxPoints: 2_000, value: (point) => point.tokens });
    const peaks = result.filter((point) => point.tokens === 99_000).length;
    expect(peaks).toBe(100);
    expect(result[0].step).toBe(0);
    expect(result.at(-1)!.step).toBe(9_999);
  });

  it("keeps the event steps it is told to keep", () => {
    const points = sawtooth(10_000);
    const keep = new Set([1_234, 5_555, 7_001]);
    const result = downsample({ points, maxPoints: 300, value: (point) => point.tokens, keep });
    for (const step of keep) expect(result.some((point) => point.step === step)).toBe(true);
  });
});
