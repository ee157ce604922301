import { BadRequestError, NotFoundError } from "../api/contracts/errors";
import { contextAt, finalContext, type ContextSnapshot } from "../engine/simulate/context-at";
import { getRun } from "../store/runs";
import { loadSessionCached } from "./session-cache";

/**
 * What the model saw at model call `step` of a finished run (or `final`: what a next call would be sent) —
 * messages with their marks applied, synthetic summaries, the token total. Throws `not_found:run`, 400 for a
 * run that has no result (still running, failed or cancelled) or a step past its last call.
 */
export async function runContext(options: { runId: string; step: number | "final" }): Promise<ContextSnapshot> {
  const run = await getRun(options.runId);
  if (!run.result) throw new BadRequestError("no_result", `Run ${run.id} is ${run.status}: it has no stored result.`);
  const session = await loadSessionCached(run.sessionId).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError("run", options.runId, `The session of run ${options.runId} is gone.`) : error;
  });
  if (options.step === "final") return finalContext(session, run.result);
  if (options.step >= run.result.steps.length) {
    throw new BadRequestError("invalid_step", `step ${options.step} is out of range (the run has ${run.result.steps.length} steps).`, "step");
  }
  return contextAt(session, run.result, options.step);
}
