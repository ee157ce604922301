import { handle } from "@/lib/http/route";
import { requestJudgementCancel } from "@/lib/store/probe-judgements";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/judgements/:id/cancel → 200 `{ judgement }`: a queued judgement ends `cancelled` at once; a running one
 * stops within a second (the model call in flight is aborted); nothing is stored, the run keeps its earlier grades.
 * An ended judgement is answered as it is. 404 `not_found:judgement`.
 */
export const POST = handle(async (_request: Request, { params }: Context) => ({ judgement: await requestJudgementCancel((await params).id) }));
