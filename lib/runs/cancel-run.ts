import type { CancelRunResult } from "../api/contracts/run-schemas";
import { getComparison } from "../store/comparisons";
import { getRunRecord, requestRunCancel } from "../store/runs";
import { abortRun } from "./run-registry";

/**
 * Cancels a queued or running run wherever it replays: a queued run ends `cancelled` at once; for a running one the
 * request is recorded on the run's row, which its worker polls (every CANCEL_POLL_MS ms, lib/jobs/watch-runs.ts),
 * and a replay in this process is aborted at once. Followers then get an `error` line (code `cancelled`) and the
 * row is stored as `cancelled` by the run itself. A run that already ended is left as it is. Throws `not_found:run`.
 */
export async function cancelRun(runId: string): Promise<CancelRunResult> {
  const run = await getRunRecord(runId);
  const cancelling = (run.status === "running" || run.status === "queued") && (await requestRunCancel(runId));
  if (cancelling) abortRun(runId, "cancel requested");
  return { runId, cancelling, status: run.status };
}

/** Cancels every unfinished run of a comparison (see {@link cancelRun}); finished rows stay. Throws `not_found:comparison`. */
export async function cancelComparison(comparisonId: string): Promise<{ comparisonId: string; cancelling: number }> {
  const comparison = await getComparison(comparisonId);
  let cancelling = 0;
  for (const run of comparison.runs) {
    if (run.status !== "queued" && run.status !== "running") continue;
    if (await requestRunCancel(run.id)) {
      cancelling++;
      abortRun(run.id, "cancel requested");
    }
  }
  return { comparisonId, cancelling };
}
