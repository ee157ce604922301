/** A scored cut of a run's continuation recall (ContinuationRecallSummary.points). */
export interface RecallCut {
  step: number | "final";
  recall: number | null;
  counted: number;
  present: number;
}

/**
 * The `count` cuts that lost the most, worst first: lowest recall, then the most facts lost, then the earliest. Cuts
 * with nothing to check (recall null) are never named. Returns indices into `cuts`, so a caller keeps its own order.
 */
export function worstCuts(cuts: readonly RecallCut[], count: number): number[] {
  return cuts
    .map((cut, index) => ({ cut, index }))
    .filter(({ cut }) => cut.recall !== null && cut.recall < 1)
    .sort((a, b) => a.cut.recall! - b.cut.recall! || b.cut.counted - b.cut.present - (a.cut.counted - a.cut.present) || a.index - b.index)
    .slice(0, count)
    .map(({ index }) => index);
}
