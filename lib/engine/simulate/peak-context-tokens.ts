/**
 * A replay's peak context: the largest context it holds at any model call or after the session's last message —
 * the context its next call would start from, and what a compaction there (the preview's default point) compacts.
 * One definition for every figure that reads a peak (a run's "no compaction" and "peak" figures, a comparison's
 * Peak column, the preview's "before" on a replay that has not compacted): the preview once said 135,868 where the
 * run said 135,694 for the same uncompacted session, because one counted the last message and the other stopped at
 * the last call. Without compaction a context only grows, so `none`'s peak is its final context.
 */
export function peakContextTokens(result: { steps: readonly { contextTokens: number }[]; final: { contextTokens: number } }): number {
  return result.steps.reduce((peak, step) => Math.max(peak, step.contextTokens), result.final.contextTokens);
}
