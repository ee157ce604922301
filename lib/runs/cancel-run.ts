import type { CancelRunResult } from "../api/run-schemas";
import { getRunSummary, requestRunCancel } from "../store/runs";
import { abortRun } from "./run-registry";

/**
 * Cancels a running run wherever it replays: the request is recorded on the run's row, which the instance
 * replaying it polls (every {@link CANCEL_POLL_MS} ms, lib/runs/cancellable-run-stream.ts), and a replay in this
 * process is aborted at once. Its stream ends with an `error` line (code `cancelled`) and the row is stored as
 * `cancelled` by the run itself. A run that already ended is left as it is. Throws `not_found:run`.
 */
export async function cancelRun(runId: string): Promise<CancelRunResult> {
  const run = await getRunSummary(runId);
  const cancelling = run.status === "running" && (await requestRunCancel(runId));
  if (cancelling) abortRun(runId, "cancel requested");
  return { runId, cancelling, status: run.status };
}
