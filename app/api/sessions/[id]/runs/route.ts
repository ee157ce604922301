import { readJsonBody } from "@/lib/http/read-json-body";
import { ndjsonResponse } from "@/lib/http/ndjson-response";
import { handle } from "@/lib/http/route";
import { presentRunSummary } from "@/lib/present/present-run";
import { RunRequestSchema } from "@/lib/api/contracts/run-schemas";
import { startRun } from "@/lib/jobs/start-run";
import { listRuns } from "@/lib/store/runs";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:id/runs → 200 `{ runs: RunSummary[] }`, newest first; 404 `not_found:session`. */
export const GET = handle(async (_request: Request, { params }: Context) => ({ runs: (await listRuns((await params).id)).map(presentRunSummary) }));

/**
 * POST /api/sessions/:id/runs (RunRequest) → 200 `application/x-ndjson`: RunStreamLine per line (`started`,
 * `progress`, `event`, then `done` or `error`). Refusals come before the stream, as JSON errors: 400
 * `invalid_request` / `invalid_settings` / `unknown_strategy` / `missing_api_key` / `invalid_step`, 404
 * `not_found:session`. Aborting the request cancels the run (stored as `cancelled`).
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const body = RunRequestSchema.parse(await readJsonBody(request));
  const stream = await startRun({ sessionId: (await params).id, request: body, signal: request.signal });
  return ndjsonResponse(stream);
});
