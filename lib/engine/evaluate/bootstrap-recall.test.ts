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

describe("bootstrapRecall gives the interval of its definition", () => {
  // each replicate draws the checkpoints and calls recallOfCheckpoints: the definition, before the counts were laid out once (issue #39)
  function bootstrapByDefinition(options: { sessions: readonly (readonly CheckpointCounts[])[]; combine?: "mean" | "worst"; seed?: number }) {
    const sessions = options.sessions.filter((points) => points.length > 0);
    if (sessions.length === 0) return { low: null, high: null };
    const random = seededRandom(options.seed ?? BOOTSTRAP_SEED);
    const draw = (length: number) => Math.floor(random() * length);
    const figures: number[] = [];
    for (let replicate = 0; replicate < BOOTSTRAP_REPLICATES; replicate++) {
      const chosen = (options.combine ?? "mean") === "mean" && sessions.length > 1 ? sessions.map(() => sessions[draw(sessions.length)]) : sessions;
      const values = chosen.flatMap((points) => {
        const value = recallOfCheckpoints(points.map(() => points[draw(points.length)]));
        return value === null ? [] : [value];
      });
      if (values.length > 0) figures.push(options.combine === "worst" ? Math.min(...values) : values.reduce((sum, value) => sum + value, 0) / values.length);
    }
    if (figures.length === 0) return { low: null, high: null };
    figures.sort((a, b) => a - b);
    return { low: percentile(figures, 0.025), high: percentile(figures, 0.975) };
  }
  const random = seededRandom(7);
  const KINDS = ["identifier", "file", "command", "number", "error", "url"];
  const checkpoints = (count: number, kinds = KINDS) =>
    Array.from({ length: count }, () =>
      Object.fromEntries(
        kinds.map((kind) => {
          const counted = Math.floor(random() * 40) * (random() < 0.2 ? 0 : 1);
          return [kind, { counted, present: Math.floor(random() * (counted + 1)) }];
        }),
      ),
    );
  it.each([
    ["one session of 64 checkpoints", [checkpoints(64)], "mean"],
    ["one session of 3", [checkpoints(3)], "mean"],
    ["three sessions, mean", [checkpoints(64), checkpoints(20), checkpoints(7)], "mean"],
    ["three sessions, worst", [checkpoints(64), checkpoints(20), checkpoints(7)], "worst"],
    ["kinds listed in another order in one checkpoint (drawn the old way)", [[...checkpoints(10), ...checkpoints(1, [...KINDS].reverse())]], "mean"],
    ["an empty session among others", [checkpoints(12), [], checkpoints(5)], "mean"],
  ] as const)("%s", (_, sessions, combine) => {
    for (const seed of [BOOTSTRAP_SEED, 1, 99]) {
      const options = { sessions: sessions as readonly (readonly CheckpointCounts[])[], combine: combine as "mean" | "worst", seed };
      expect(bootstrapRecall(options)).toEqual(bootstrapByDefinition(options));
    }
  });
});
