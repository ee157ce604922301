import { handle } from "@/lib/http/route";
import { cancelComparison } from "@/lib/runs/cancel-run";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/comparisons/:id/cancel → 200 `{ comparisonId, cancelling }`: cancels every run of the comparison that
 * has not ended (queued ones at once, running ones by their worker within a second); rows already stored stay.
 * 404 `not_found:comparison`.
 */
export const POST = handle(async (_request: Request, { params }: Context) => cancelComparison((await params).id));
