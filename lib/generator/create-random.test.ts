import { describe, expect, it } from "vitest";
import { createRandom } from "./create-random";

describe("createRandom", () => {
  it("repeats its sequence for the same seed and differs for another", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw(9)).toEqual(draw(9));
    expect(draw(9)).not.toEqual(draw(10));
  });

  it.each([
    [0, 0],
    [1, 6],
    [-3, 3],
  ])("keeps int(%i, %i) within its bounds", (min, max) => {
    const random = createRandom(1);
    for (let draw = 0; draw < 1_000; draw++) {
      const value = random.int(min, max);
      expect(value).toBeGreaterThanOrEqual(min);
      expect(value).toBeLessThanOrEqual(max);
    }
  });

  it("clamps long-tailed sizes and leaves most near the median", () => {
    const random = createRandom(3);
    const sizes = Array.from({ length: 2_000 }, () => random.longTail({ median: 50, spread: 1, min: 5, max: 5_000 }));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(5);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5_000);
    const sorted = [...sizes].sort((left, right) => left - right);
    expect(sorted[1_000]).toBeGreaterThan(35);
    expect(sorted[1_000]).toBeLessThan(70);
  });
});
