import { readJsonBody } from "@/lib/http/read-json-body";
import { SweepRequestSchema } from "@/lib/api/contracts/compare-schemas";
import { handle } from "@/lib/http/route";
import { ndjsonResponse } from "@/lib/http/ndjson-response";
import { runComparison } from "@/lib/jobs/run-comparison";
import { sweepConfigs } from "@/lib/compare/sweep-configs";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/sessions/:id/sweep (SweepRequest) → 200 `application/x-ndjson`: the compare stream over the cartesian
 * product of the axes (x-major), each `row` carrying its `cell` and labelled `key=value` / `x=…, y=…`. Refusals
 * before the stream: 400 `invalid_request` (more than MAX_SWEEP_CELLS cells), `invalid_settings` naming the cell
 * (`configs.<i>.settings.<key>`), `unknown_strategy`, `missing_api_key`; 404 `not_found:session`.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const { strategy, settings, x, y, ...compare } = SweepRequestSchema.parse(await readJsonBody(request));
  const configs = sweepConfigs({ strategy, settings, x, y });
  const stream = await runComparison({ sessionIds: [(await params).id], configs, compare, sweep: { strategy, settings, x, ...(y ? { y } : {}) }, signal: request.signal });
  return ndjsonResponse(stream);
});
