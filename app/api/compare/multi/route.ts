import { readJsonBody } from "@/lib/http/read-json-body";
import { MultiCompareRequestSchema } from "@/lib/api/contracts/compare-schemas";
import { handle } from "@/lib/http/route";
import { ndjsonResponse } from "@/lib/http/ndjson-response";
import { runComparison } from "@/lib/jobs/run-comparison";

/**
 * POST /api/compare/multi (MultiCompareRequest) → 200 `application/x-ndjson`: the compare stream over every
 * session (session by session; rows carry `sessionId`), then one `aggregate` line (mean and worst per
 * configuration) and `done`. Refusals before the stream: 400 as for a comparison, 404 `not_found:session` naming
 * the first session id that does not exist (nothing is stored then).
 */
export const POST = handle(async (request: Request) => {
  const { sessionIds, configs, ...compare } = MultiCompareRequestSchema.parse(await readJsonBody(request));
  const stream = await runComparison({ sessionIds, configs, compare, aggregate: true, signal: request.signal });
  return ndjsonResponse(stream);
});
