import { handle } from "@/lib/http/route";
import { followJudgement } from "@/lib/jobs/follow-judgement";
import { getJudgement } from "@/lib/store/probe-judgements";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/judgements/:id/stream → 200 NDJSON of JudgementStreamLine: `started`, `queued` while it waits for a slot,
 * `progress` after each model call, then `done` (the grades) or `error` (`cancelled`, `interrupted`, `judge_<code>`).
 * Any instance can follow any judgement; closing the stream does not cancel it. 404 `not_found:judgement`.
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  const judgement = await getJudgement((await params).id);
  return new Response(followJudgement({ judgement, signal: request.signal }), { headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" } });
});
