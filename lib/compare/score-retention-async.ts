import { scoreRetentionSteps, type RetentionReport, type ScoreRetentionOptions } from "../engine/evaluate/score-retention";
import { runInSlices } from "../runs/run-in-slices";

export { SCORING_SLICE_MS } from "../runs/run-in-slices";

/**
 * `scoreRetention`'s report, scored in slices with a turn of the event loop between them (runInSlices; at the
 * generator's pauses: after each point's context text and every few dozen probes), so a process scoring a long
 * replay keeps answering its timers, and an aborted `signal` stops it at the next turn, rejecting with its reason.
 * The report is the synchronous one's: where the slices fall changes nothing.
 */
export function scoreRetentionAsync(options: ScoreRetentionOptions & { signal?: AbortSignal }): Promise<RetentionReport> {
  return runInSlices(scoreRetentionSteps(options), options.signal);
}
