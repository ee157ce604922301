import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { JudgedProbesRequestSchema } from "@/lib/api/contracts/judged-probes-schemas";
import { judgeRunProbes } from "@/lib/runs/judge-run-probes";
import { readRunJudgedProbes } from "@/lib/store/run-judged-probes";

type Context = { params: Promise<{ id: string }> };

/** GET /api/runs/:id/judged-probes → 200 `{ judged: JudgedProbesResult | null }`; 404 `not_found:run`. */
export const GET = handle(async (_request: Request, { params }: Context) => ({ judged: await readRunJudgedProbes((await params).id) }));

/**
 * POST /api/runs/:id/judged-probes JudgedProbesRequest (with `confirm: true`) → 200 `{ judged }`, stored with the run.
 * 400 `confirm_required` without the confirmation, the plan's 400s (`no_result`, `no_compactions`,
 * `missing_api_key`, `secrets_unredacted`, …), 502 `judge_<code>` when a model call fails (nothing stored).
 * Bounded: three calls per judged compaction, at most 10 compactions, the retries asked for.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const body = JudgedProbesRequestSchema.parse(await readJsonBody(request));
  return { judged: await judgeRunProbes({ runId: (await params).id, request: body, signal: request.signal }) };
});
