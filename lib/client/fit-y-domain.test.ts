import { describe, expect, it } from "vitest";
import { FIT_CLIP_WINDOWS, fitYDomain, logTicks } from "./fit-y-domain";

// a 100K-message session: the run stays under its 200K window, the session without compaction reaches 28M
const run = { key: "sent", peak: 190_000, low: 12_000 };
const none = { key: "baseline", peak: 28_000_000, low: 12_000 };

describe("fitYDomain", () => {
  it("fits the run and its window by default, cutting off the no-compaction line", () => {
    const { domain, clipped } = fitYDomain({ series: [run, none], window: 200_000, mode: "fit" });
    expect(domain[0]).toBe(0);
    expect(domain[1]).toBeGreaterThanOrEqual(200_000);
    expect(domain[1]).toBeLessThan(250_000);
    expect(clipped).toEqual(["baseline"]);
  });

  it("shows a run that overshoots its window whole (an overshoot is what a researcher is looking for)", () => {
    const overshoot = { key: "sent", peak: 331_873, low: 10_000 };
    const { domain, clipped } = fitYDomain({ series: [overshoot, none], window: 200_000, mode: "fit" });
    expect(domain[1]).toBeGreaterThanOrEqual(331_873);
    expect(clipped).toEqual(["baseline"]);
  });

  it("keeps the window on the chart when the run stays far below it", () => {
    const { domain } = fitYDomain({ series: [{ key: "sent", peak: 20_000, low: 1_000 }], window: 200_000, mode: "fit" });
    expect(domain[1]).toBeGreaterThanOrEqual(200_000);
  });

  it("does not clip a line just under the cut-off", () => {
    const near = { key: "baseline", peak: 200_000 * FIT_CLIP_WINDOWS, low: 0 };
    const { domain, clipped } = fitYDomain({ series: [run, near], window: 200_000, mode: "fit" });
    expect(domain[1]).toBeGreaterThanOrEqual(near.peak);
    expect(clipped).toEqual([]);
  });

  it("fits everything when every visible line is far above the window (the run hidden from the legend)", () => {
    const { domain, clipped } = fitYDomain({ series: [none], window: 200_000, mode: "fit" });
    expect(domain[1]).toBeGreaterThanOrEqual(28_000_000);
    expect(clipped).toEqual([]);
  });

  it("fits everything without a window", () => {
    const { domain, clipped } = fitYDomain({ series: [run, none], window: null, mode: "fit" });
    expect(domain[1]).toBeGreaterThanOrEqual(28_000_000);
    expect(clipped).toEqual([]);
  });

  it("'full' is linear from 0 to the highest line", () => {
    const { domain, clipped } = fitYDomain({ series: [run, none], window: 200_000, mode: "full" });
    expect(domain).toEqual([0, 28_000_000 * 1.05]);
    expect(clipped).toEqual([]);
  });

  it("'log' spans from the power of ten under the lowest value to the highest line", () => {
    const { domain, clipped } = fitYDomain({ series: [run, none], window: 200_000, mode: "log" });
    expect(domain[0]).toBe(10_000);
    expect(domain[1]).toBeGreaterThanOrEqual(28_000_000);
    expect(clipped).toEqual([]);
  });

  it("'log' never starts at or below 0 (log 0 is not drawable)", () => {
    const { domain } = fitYDomain({ series: [{ key: "sent", peak: 500, low: 0 }], window: null, mode: "log" });
    expect(domain[0]).toBeGreaterThanOrEqual(1);
  });

  it("gives a drawable domain with no series at all", () => {
    const { domain } = fitYDomain({ series: [], window: null, mode: "fit" });
    expect(domain[1]).toBeGreaterThan(domain[0]);
  });
});

describe("logTicks", () => {
  it("labels each power of ten over a wide span", () => {
    expect(logTicks([10_000, 29_400_000])).toEqual([10_000, 100_000, 1_000_000, 10_000_000]);
  });
  it("adds 2× and 5× over a short span", () => {
    expect(logTicks([1_000, 30_000])).toEqual([1_000, 2_000, 5_000, 10_000, 20_000]);
  });
  it("is empty for a domain a log axis cannot draw", () => {
    expect(logTicks([0, 100])).toEqual([]);
    expect(logTicks([100, 100])).toEqual([]);
  });
});
