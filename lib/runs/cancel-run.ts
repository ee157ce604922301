import type { CancelRunResult } from "../api/run-schemas";
import { getRunSummary } from "../store/runs";
import { abortRun } from "./run-registry";

/**
 * Aborts a run replaying in this process; its stream ends with an `error` line (code `cancelled`) and the row is
 * stored as `cancelled` by the run itself. A run that already ended is left as it is. Throws `not_found:run`.
 */
export async function cancelRun(runId: string): Promise<CancelRunResult> {
  const run = await getRunSummary(runId);
  const cancelling = run.status === "running" && abortRun(runId, "cancel requested");
  return { runId, cancelling, status: run.status };
}
