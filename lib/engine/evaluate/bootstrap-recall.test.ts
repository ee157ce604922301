import { describe, expect, it } from "vitest";
import { bootstrapRecall, recallOfCheckpoints, type CheckpointCounts } from "./bootstrap-recall";

const point = (present: number, counted = 10): CheckpointCounts => ({ identifier: { counted, present } });

describe("recallOfCheckpoints", () => {
  it("sums each kind over the checkpoints, then takes the mean over the kinds that counted", () => {
    expect(recallOfCheckpoints([{ file: { counted: 2, present: 2 }, identifier: { counted: 8, present: 0 } }, { file: { counted: 2, present: 0 }, number: { counted: 0, present: 0 } }])).toBe(0.25);
    expect(recallOfCheckpoints([])).toBeNull();
  });
});

describe("bootstrapRecall", () => {
  it("brackets the figure, and narrows as checkpoints agree", () => {
    const mixed = [point(2), point(9), point(5), point(7), point(3), point(10), point(6), point(4)];
    const interval = bootstrapRecall({ sessions: [mixed] });
    const figure = recallOfCheckpoints(mixed)!;
    expect(interval.low!).toBeLessThan(figure);
    expect(interval.high!).toBeGreaterThan(figure);
    const steady = bootstrapRecall({ sessions: [Array.from({ length: 8 }, () => point(6))] });
    expect(steady).toEqual({ low: 0.6, high: 0.6 });
  });

  it("is deterministic (seeded) and changes with the seed", () => {
    const points = [point(1), point(9), point(4), point(8), point(2)];
    expect(bootstrapRecall({ sessions: [points] })).toEqual(bootstrapRecall({ sessions: [points] }));
    expect(bootstrapRecall({ sessions: [points], seed: 1 })).not.toEqual(bootstrapRecall({ sessions: [points], seed: 2 }));
  });

  it("takes the worst session when asked, the mean over resampled sessions otherwise", () => {
    const good = Array.from({ length: 6 }, () => point(9));
    const bad = Array.from({ length: 6 }, () => point(3));
    expect(bootstrapRecall({ sessions: [good, bad], combine: "worst" })).toEqual({ low: 0.3, high: 0.3 });
    const mean = bootstrapRecall({ sessions: [good, bad] });
    expect(mean.low).toBeCloseTo(0.3, 10);
    expect(mean.high).toBeCloseTo(0.9, 10);
  });

  it("has no interval when nothing counted", () => {
    expect(bootstrapRecall({ sessions: [] })).toEqual({ low: null, high: null });
    expect(bootstrapRecall({ sessions: [[{ file: { counted: 0, present: 0 } }]] })).toEqual({ low: null, high: null });
  });
});

describe("bootstrapRetention", () => {
  it("brackets the weighted retention and is deterministic", async () => {
    const { bootstrapRetention } = await import("./bootstrap-retention");
    const byKind = { "file-path": { counted: 20, retained: 15 }, command: { counted: 30, retained: 10 } };
    const interval = bootstrapRetention({ byKind });
    expect(interval.low!).toBeLessThan(interval.high!);
    expect(interval).toEqual(bootstrapRetention({ byKind }));
    expect(bootstrapRetention({ byKind: { command: { counted: 5, retained: 5 } } })).toEqual({ low: 1, high: 1 });
    expect(bootstrapRetention({ byKind: {} })).toEqual({ low: null, high: null });
  });
});
