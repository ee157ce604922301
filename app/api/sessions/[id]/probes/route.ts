import { readJsonBody } from "@/lib/http/read-json-body";
import { UserProbeInputSchema } from "@/lib/api/contracts/compare-schemas";
import { handle } from "@/lib/http/route";
import { presentUserProbe } from "@/lib/present/present-user-probe";
import { listSessionProbes } from "@/lib/compare/list-session-probes";
import { addUserProbe } from "@/lib/store/user-probes";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/sessions/:id/probes → 200 `{ extracted: Probe[], user: UserProbe[] }`: the probes a comparison scores
 * (the user's included, last) and the user's own, oldest first; 404 `not_found:session`.
 */
export const GET = handle(async (_request: Request, { params }: Context) => {
  const { extracted, user } = await listSessionProbes((await params).id);
  return { extracted, user: user.map(presentUserProbe) };
});

/**
 * POST /api/sessions/:id/probes (UserProbeInput) → 201 UserProbe. 400 `invalid_request` (field named),
 * `invalid_pattern` for a regex that does not compile (field `pattern`, with the reason); 404 `not_found:session`.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  const input = UserProbeInputSchema.parse(await readJsonBody(request));
  return Response.json(presentUserProbe(await addUserProbe((await params).id, input)), { status: 201 });
});
