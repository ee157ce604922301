import { describe, expect, it } from "vitest";
import { thinMarkers } from "./thin-markers";

const evenly = (count: number, every: number, weight = 1) => Array.from({ length: count }, (_, index) => ({ step: index * every, weight }));

describe("thinMarkers", () => {
  it("draws every marker when no more than max fall in the range", () => {
    const markers = evenly(40, 10);
    const result = thinMarkers({ markers, from: 0, to: 1_000, max: 40 });
    expect(result.drawn).toHaveLength(40);
    expect(result.hidden).toBe(0);
    expect(result.inRange).toBe(40);
  });

  it.each([
    [220, 230, 40],
    [1_000, 7, 40],
    [41, 1, 40],
    [500, 100, 12],
  ])("%i markers every %i steps: at most %i drawn, the rest counted as hidden", (count, every, max) => {
    const markers = evenly(count, every);
    const to = (count - 1) * every;
    const result = thinMarkers({ markers, from: 0, to, max });
    expect(result.drawn.length).toBeLessThanOrEqual(max);
    expect(result.drawn.length).toBeGreaterThan(max / 2);
    expect(result.drawn.length + result.hidden).toBe(count);
    const steps = result.drawn.map((marker) => marker.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    // spread across the range, not bunched at its start
    expect(steps.at(-1)!).toBeGreaterThan(to * 0.9);
    expect(steps[0]).toBeLessThan(to * 0.1);
  });

  it("keeps the heavier marker of a crowded slot", () => {
    const markers = [
      { step: 10, weight: 1, id: "prune" },
      { step: 11, weight: 5, id: "compaction" },
      { step: 90, weight: 1, id: "late prune" },
    ];
    const result = thinMarkers({ markers, from: 0, to: 99, max: 2 });
    expect(result.drawn.map((marker) => marker.id)).toEqual(["compaction", "late prune"]);
    expect(result.hidden).toBe(1);
  });

  it("counts only the markers inside a zoomed range, so zooming in draws them all", () => {
    const markers = evenly(220, 230);
    const wide = thinMarkers({ markers, from: 0, to: 219 * 230, max: 40 });
    expect(wide.hidden).toBe(180);
    const zoomed = thinMarkers({ markers, from: 10_000, to: 15_000, max: 40 });
    expect(zoomed.inRange).toBe(22);
    expect(zoomed.drawn).toHaveLength(22);
    expect(zoomed.drawn.every((marker) => marker.step >= 10_000 && marker.step <= 15_000)).toBe(true);
  });

  it("does not reorder or change its input", () => {
    const markers = [{ step: 5, weight: 1 }, { step: 1, weight: 1 }];
    const copy = structuredClone(markers);
    thinMarkers({ markers, from: 0, to: 10, max: 1 });
    expect(markers).toEqual(copy);
  });

  it("draws nothing with max 0 and counts every marker in range as hidden", () => {
    expect(thinMarkers({ markers: evenly(3, 1), from: 0, to: 10, max: 0 })).toEqual({ drawn: [], hidden: 3, inRange: 3 });
  });
});
