/** Where an exam starts: the first model call whose uncompacted context has passed this share of the smallest window. */
export const EXAM_START_SHARE = 0.1;
/** Checkpoints per exam at most (evenly spread over the calls from the start, always ending at the last call). */
export const MAX_EXAM_CHECKPOINTS = 64;

/**
 * The exam every configuration of a comparison is scored on: the same model calls of the session (checkpoints)
 * for all, wherever each one cut its context. Stored with each score, so two rows can be seen to share it.
 */
export interface Exam {
  /** 0-based model calls, ascending */
  checkpoints: number[];
  /** the uncompacted context (tokens, by the comparison's estimator) the first checkpoint had to pass */
  startTokens: number;
  /** the smallest window of the comparison's settings on this session, which the start is a share of */
  window: number;
}

/**
 * Chooses the exam from the session alone: `uncompactedTokens` is the context each model call would send with no
 * compaction (the `none` replay's `contextTokens`, by the comparison's estimator — the same for every window), and
 * `window` the smallest window any setting of the comparison replays this session at. The exam starts at the first
 * call whose uncompacted context has passed {@link EXAM_START_SHARE} of that window (the lowest trigger share the
 * recommender sweeps: before it no setting the lab tries has cut anything, so every setting would score 100% there
 * and the figures would only be diluted) and takes every call from there to the end, evenly sampled down to
 * {@link MAX_EXAM_CHECKPOINTS} (always keeping the last). A session whose context never gets there is examined over
 * all its calls. A session without model calls has no checkpoint.
 *
 * Pure and deterministic: separate workers derive the same exam from the same session, estimator and window.
 */
export function planExam(options: { uncompactedTokens: readonly number[]; window: number; maxCheckpoints?: number }): Exam {
  const { uncompactedTokens, window } = options;
  const startTokens = Math.floor(EXAM_START_SHARE * window);
  const first = uncompactedTokens.findIndex((tokens) => tokens >= startTokens);
  const from = first === -1 ? 0 : first;
  const calls = Array.from({ length: Math.max(0, uncompactedTokens.length - from) }, (_, index) => from + index);
  return { checkpoints: evenlySpread(calls, options.maxCheckpoints ?? MAX_EXAM_CHECKPOINTS), startTokens, window };
}

/** At most `count` items, evenly spaced, always including the last. */
function evenlySpread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.round(((index + 1) * items.length) / count) - 1]);
}
