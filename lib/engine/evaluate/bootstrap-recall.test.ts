import { describe, expect, it } from "vitest";
import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED, bootstrapRecall, percentile, recallOfCheckpoints, type CheckpointCounts } from "./bootstrap-recall";
import { seededRandom } from "./seeded-random";

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

  // bootstrapRecall sums each resample from a flat table: the figures must be those of recallOfCheckpoints over
  // the resample built the plain way, to the last bit, or a run's interval would move with the optimisation
  it.each([
    ["the scorer's checkpoints (every kind, one order)", 0],
    ["points listing different kinds (the fallback)", 1],
  ])("gives exactly the interval of resampling with recallOfCheckpoints: %s", (_, mixedKinds) => {
    const random = seededRandom(99);
    const kinds = ["identifier", "file", "command", "number", "error"];
    const points: CheckpointCounts[] = Array.from({ length: 37 }, (_, index) =>
      Object.fromEntries(
        kinds
          .filter((kind) => !mixedKinds || (index + kind.length) % 3 !== 0)
          .map((kind) => {
            const counted = Math.floor(random() * 40);
            return [kind, { counted, present: Math.floor(random() * (counted + 1)) }];
          }),
      ),
    );
    const reference = (sessions: CheckpointCounts[][], combine: "mean" | "worst") => {
      const draws = seededRandom(BOOTSTRAP_SEED);
      const draw = (length: number) => Math.floor(draws() * length);
      const figures: number[] = [];
      for (let replicate = 0; replicate < BOOTSTRAP_REPLICATES; replicate++) {
        const chosen = combine === "mean" && sessions.length > 1 ? sessions.map(() => sessions[draw(sessions.length)]) : sessions;
        const values = chosen.flatMap((entries) => {
          const value = recallOfCheckpoints(entries.map(() => entries[draw(entries.length)]));
          return value === null ? [] : [value];
        });
        if (values.length > 0) figures.push(combine === "worst" ? Math.min(...values) : values.reduce((sum, value) => sum + value, 0) / values.length);
      }
      figures.sort((a, b) => a - b);
      return { low: percentile(figures, 0.025), high: percentile(figures, 0.975) };
    };
    const other = points.slice(5, 30).reverse();
    expect(bootstrapRecall({ sessions: [points] })).toEqual(reference([points], "mean"));
    expect(bootstrapRecall({ sessions: [points, other] })).toEqual(reference([points, other], "mean"));
    expect(bootstrapRecall({ sessions: [points, other], combine: "worst" })).toEqual(reference([points, other], "worst"));
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
