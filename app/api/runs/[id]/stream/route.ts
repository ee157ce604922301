import { handle } from "@/lib/http/route";
import { ndjsonResponse } from "@/lib/http/ndjson-response";
import { followRun } from "@/lib/jobs/follow-run";
import { workerConcurrency } from "@/lib/jobs/job-queue";
import { countModelCalls } from "@/lib/engine/simulate/count-model-calls";
import { loadSessionCached } from "@/lib/runs/session-cache";
import { getRunRecord } from "@/lib/store/runs";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/runs/:id/stream → 200 `application/x-ndjson`: follows a run from the database, wherever it replays
 * (the RunStreamLines of POST /api/sessions/:id/runs: `started`, `queued`, `progress`, `event`, then `done` or
 * `error`); an ended run answers its last line at once. Any instance, after a reload too. 404 `not_found:run`.
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  const run = await getRunRecord((await params).id);
  const session = await loadSessionCached(run.sessionId);
  const totalSteps = countModelCalls(session);
  return ndjsonResponse(followRun({ runId: run.id, totalSteps, signal: request.signal, limit: workerConcurrency() }));
});
