import { processSingleton } from "../process/process-singleton";

/**
 * The runs replaying in this server process, by run id, so `POST /api/runs/:id/cancel` can abort one at once when
 * it reaches this process. For speed only: the cancel is also recorded on the run's row, which the replaying
 * worker polls (lib/jobs/watch-runs.ts), so a cancel received by another instance still stops it.
 */
const controllersByRunId = processSingleton("run-controllers", () => new Map<string, AbortController>());

/** Registers a run's controller; the returned function unregisters it (call it when the run ends). */
export function registerRun(runId: string, controller: AbortController): () => void {
  controllersByRunId.set(runId, controller);
  return () => {
    if (controllersByRunId.get(runId) === controller) controllersByRunId.delete(runId);
  };
}

/** Aborts a run replaying in this process. False when there is none (it ended, or runs elsewhere). */
export function abortRun(runId: string, reason = "cancelled"): boolean {
  const controller = controllersByRunId.get(runId);
  if (!controller) return false;
  controller.abort(new RunCancelledError(reason));
  return true;
}

/** The abort reason of a cancelled run (a client disconnect or a cancel request). */
export class RunCancelledError extends Error {
  readonly code = "cancelled";
  constructor(reason: string) {
    super(`The run was cancelled (${reason}).`);
    this.name = "RunCancelledError";
  }
}
