import { RenameSessionSchema } from "@/lib/api/contracts/schemas";
import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { presentSessionDetail, presentStoredSession } from "@/lib/present/present-session";
import { getSessionCached } from "@/lib/runs/session-detail-cache";
import { deleteSession, renameSession } from "@/lib/store/sessions";

type Context = { params: Promise<{ id: string }> };

/** GET /api/sessions/:id → 200 `SessionDetail` (meta, sessionCount, contextCurve), cached per session; 404 `not_found:session`. */
export const GET = handle(async (_request: Request, { params }: Context) => presentSessionDetail(await getSessionCached((await params).id)));

/**
 * PATCH /api/sessions/:id `{title}` → 200 the session's summary with its new title; `title: null` (or blank) goes
 * back to the imported one. 400 `invalid_request` for a title over 200 characters; 404 `not_found:session`.
 */
export const PATCH = handle(async (request: Request, { params }: Context) => {
  const { title } = RenameSessionSchema.parse(await readJsonBody(request));
  return presentStoredSession(await renameSession((await params).id, title));
});

/** DELETE /api/sessions/:id → 204 (messages, upload and runs go with it); 404 `not_found:session`. */
export const DELETE = handle(async (_request: Request, { params }: Context) => {
  await deleteSession((await params).id);
  return new Response(null, { status: 204 });
});
