import { handle } from "@/lib/http/route";
import { presentRunDetail } from "@/lib/present/present-run";
import { deleteRun, getRun } from "@/lib/store/runs";

type Context = { params: Promise<{ id: string }> };

/** GET /api/runs/:id → 200 RunDetail (RunSummary + `result` + `session`); 404 `not_found:run`. */
export const GET = handle(async (_request: Request, { params }: Context) => presentRunDetail(await getRun((await params).id)));

/** DELETE /api/runs/:id → 204; 404 `not_found:run`. */
export const DELETE = handle(async (_request: Request, { params }: Context) => {
  await deleteRun((await params).id);
  return new Response(null, { status: 204 });
});
