import { describe, expect, it } from "vitest";
import type { CompareRow } from "../api/contracts/compare-schemas";
import { aggregateRows } from "./aggregate-rows";

function row(config: string, figures: { peak: number; sent: number; saved: number; compactions: number; retention: number | null }): CompareRow {
  return {
    config,
    strategy: config.split(" ")[0],
    settings: {},
    window: 100_000,
    estimator: "chars4",
    summarizer: "extractive",
    peakContextTokens: figures.peak,
    meanContextTokens: 0,
    compactions: figures.compactions,
    prunes: 0,
    totalTokensSent: figures.sent,
    finalContextTokens: figures.peak,
    tokensSavedVsNone: figures.saved,
    summarizerTokens: { input: 0, output: 0 },
    estimatedCostUsd: null,
    fallbacks: 0,
    summarizerFailures: 0,
    guardTrips: 0,
    overflows: 0,
    retention: { overall: figures.retention, byKind: {}, afterCompactions: null, perCompaction: [] },
    judged: null,
  };
}

describe("aggregateRows", () => {
  it("means (unrounded) and worst cases per configuration; retention over the sessions that had probes", () => {
    const pi = [row("pi", { peak: 100, sent: 1_000, saved: 50, compactions: 1, retention: 0.5 }), row("pi", { peak: 300, sent: 2_001, saved: -10, compactions: 2, retention: null }), row("pi", { peak: 200, sent: 1_500, saved: 20, compactions: 4, retention: 0.9 })];
    expect(aggregateRows([pi])).toEqual([
      {
        config: "pi",
        strategy: "pi",
        sessions: 3,
        mean: { peakContextTokens: 200, totalTokensSent: 4_501 / 3, tokensSavedVsNone: 20, compactions: 7 / 3, retention: (0.5 + 0.9) / 2 },
        worst: { peakContextTokens: 300, totalTokensSent: 2_001, tokensSavedVsNone: -10, compactions: 4, retention: 0.5 },
      },
    ]);
  });

  it("a configuration without rows is left out; one whose sessions had no probes has null retention", () => {
    const none = [row("none", { peak: 10, sent: 10, saved: 0, compactions: 0, retention: null })];
    const result = aggregateRows([[], none]);
    expect(result.map((entry) => entry.config)).toEqual(["none"]);
    expect(result[0].mean.retention).toBeNull();
    expect(result[0].worst.retention).toBeNull();
  });

  it("carries continuation recall over the sessions with its interval: the mean resamples the sessions, the worst each one's checkpoints", () => {
    const withRecall = (present: number) => {
      const base = row("pi", { peak: 1, sent: 1, saved: 0, compactions: 1, retention: null });
      const checkpoints = Array.from({ length: 8 }, (_, index) => ({ step: index, counted: 10, present, recall: present / 10, refused: false, byKind: { identifier: { counted: 10, present } } }));
      return { ...base, continuationRecall: { overall: present / 10, low: present / 10, high: present / 10, counted: 80, present: present * 8, byKind: {}, events: 1, points: [], checkpoints } };
    };
    const [result] = aggregateRows([[withRecall(9), withRecall(5)]]);
    expect(result.mean.recall?.figure).toBeCloseTo(0.7, 10);
    expect(result.mean.recall?.low).toBeCloseTo(0.5, 10);
    expect(result.mean.recall?.high).toBeCloseTo(0.9, 10);
    expect(result.worst.recall).toEqual({ figure: 0.5, low: 0.5, high: 0.5 });
  });
});
