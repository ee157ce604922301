import { handle } from "@/lib/http/route";
import { cancelRun } from "@/lib/runs/cancel-run";

type Context = { params: Promise<{ id: string }> };

/** POST /api/runs/:id/cancel → 200 CancelRunResult `{ runId, cancelling, status }`; 404 `not_found:run`. */
export const POST = handle(async (_request: Request, { params }: Context) => cancelRun((await params).id));
