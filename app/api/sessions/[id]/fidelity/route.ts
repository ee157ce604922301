import { handle } from "@/lib/http/route";
import { sessionFidelity } from "@/lib/runs/session-fidelity";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/sessions/:id/fidelity → 200 SessionFidelity: the agent's recorded compactions beside a replay of its own
 * strategy at the session's window (or `fidelity: null` with the reason); 404 `not_found:session`.
 */
export const GET = handle(async (_request: Request, { params }: Context) => sessionFidelity((await params).id));
