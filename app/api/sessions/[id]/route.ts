import { handle } from "@/lib/http/route";
import { presentSessionDetail } from "@/lib/present/present-session";
import { getSessionCached } from "@/lib/runs/session-detail-cache";
import { deleteSession } from "@/lib/store/sessions";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:id → 200 `SessionDetail` (meta, sessionCount, contextCurve), cached per session; 404 `not_found:session`. */
export const GET = handle(async (_request: Request, { params }: Context) => presentSessionDetail(await getSessionCached((await params).id)));

/** DELETE /api/sessions/:id → 204 (messages, upload and runs go with it); 404 `not_found:session`. */
export const DELETE = handle(async (_request: Request, { params }: Context) => {
  await deleteSession((await params).id);
  return new Response(null, { status: 204 });
});
