import { handle } from "@/lib/http/route";
import { deleteUserProbe } from "@/lib/store/user-probes";

type Context = { params: Promise<{ id: string; probeId: string }> };

/** DELETE /api/sessions/:id/probes/:probeId → 204; 404 `not_found:probe` when the session has no such probe. */
export const DELETE = handle(async (_request: Request, { params }: Context) => {
  const { id, probeId } = await params;
  await deleteUserProbe(id, probeId);
  return new Response(null, { status: 204 });
});
