import { handle } from "@/lib/http/route";
import { ndjsonResponse } from "@/lib/http/ndjson-response";
import { followComparison } from "@/lib/jobs/follow-comparison";
import { workerConcurrency } from "@/lib/jobs/job-queue";
import { getComparison } from "@/lib/store/comparisons";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/comparisons/:id/stream → 200 `application/x-ndjson`: follows a comparison, sweep or multi-session
 * comparison from the database (the CompareStreamLines of its POST): the rows already stored first, then the rest
 * as workers finish them. Any instance, after a reload too. 404 `not_found:comparison`.
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  const comparison = await getComparison((await params).id);
  return ndjsonResponse(followComparison({ comparisonId: comparison.id, signal: request.signal, limit: workerConcurrency() }));
});
