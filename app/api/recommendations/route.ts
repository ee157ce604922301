import { RecommendRequestSchema } from "@/lib/api/contracts/recommend-schemas";
import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { startRecommendation } from "@/lib/jobs/start-recommendation";

/**
 * POST /api/recommendations (RecommendRequest) → 202 `{ id, url, skipped }`: stores the recommendation and queues
 * one job per (session, setting); GET /api/recommendations/:id follows it, POST /api/comparisons/:id/cancel cancels
 * it. 400 names the field at fault (`strategies.<i>`, `shares`, …), 404 `not_found:session` an unknown session;
 * nothing is stored then.
 */
export const POST = handle(async (request: Request) => {
  const input = RecommendRequestSchema.parse(await readJsonBody(request));
  const { id, skipped } = await startRecommendation(input);
  return Response.json({ id, url: `/recommend?id=${encodeURIComponent(id)}`, skipped }, { status: 202 });
});
