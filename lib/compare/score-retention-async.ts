import { scoreRetentionSteps, type RetentionReport, type ScoreRetentionOptions } from "../engine/evaluate/score-retention";

/** The longest stretch the scoring runs before it lets the event loop turn. */
export const SCORING_SLICE_MS = 20;

/**
 * `scoreRetention`'s report, scored in slices of about {@link SCORING_SLICE_MS} ms with a turn of the event loop
 * between them (at the generator's pauses: after each point's context text and every few dozen probes), so a
 * process scoring a long replay keeps answering its timers — a worker's heartbeat, progress writes, a cancel poll,
 * other requests — and an aborted `signal` stops it at the next turn, rejecting with its reason. The report is the
 * synchronous one's: where the slices fall changes nothing.
 */
export async function scoreRetentionAsync(options: ScoreRetentionOptions & { signal?: AbortSignal }): Promise<RetentionReport> {
  const scoring = scoreRetentionSteps(options);
  let sliceStart = performance.now();
  let next = scoring.next();
  while (!next.done) {
    if (performance.now() - sliceStart >= SCORING_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      options.signal?.throwIfAborted();
      sliceStart = performance.now();
    }
    next = scoring.next();
  }
  options.signal?.throwIfAborted();
  return next.value;
}
