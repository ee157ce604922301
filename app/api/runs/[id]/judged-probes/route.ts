import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { JudgedProbesRequestSchema } from "@/lib/api/contracts/judged-probes-schemas";
import { startJudgement } from "@/lib/jobs/start-judgement";
import { latestJudgementOfRun } from "@/lib/store/probe-judgements";
import { readRunJudgedProbes } from "@/lib/store/run-judged-probes";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/runs/:id/judged-probes → 200 `{ judged: JudgedProbesResult | null, judgement: Judgement | null }`: the
 * stored grades and the run's latest judgement job (so a page can follow one still going); 404 `not_found:run`.
 */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const id = (await params).id;
  const judged = await readRunJudgedProbes(id);
  return { judged, judgement: await latestJudgementOfRun(id) };
});

/**
 * POST /api/runs/:id/judged-probes JudgedProbesRequest (with `confirm: true`) → 202 `{ judgement, url }`: the
 * judgement is stored `queued` and judged in the background; follow `url` (GET /api/judgements/:id/stream, NDJSON),
 * cancel with POST /api/judgements/:id/cancel. 400 `confirm_required` without the confirmation, the plan's 400s
 * (`no_result`, `no_compactions`, `missing_api_key`, `secrets_unredacted`, …), 404 `not_found:run`. A failing model
 * call ends the judgement `failed` with `judge_<code>` (nothing stored). Bounded: three calls per judged compaction,
 * at most 10 compactions, the retries asked for.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const body = JudgedProbesRequestSchema.parse(await readJsonBody(request));
  const judgement = await startJudgement({ runId: (await params).id, request: body });
  return Response.json({ judgement, url: `/api/judgements/${encodeURIComponent(judgement.id)}/stream` }, { status: 202 });
});
