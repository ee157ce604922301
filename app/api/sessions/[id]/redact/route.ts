import { handle } from "@/lib/http/route";
import { presentSessionSummary } from "@/lib/present/present-session";
import type { RedactionResult } from "@/lib/api/contracts/secret-schemas";
import { redactStoredSession } from "@/lib/sessions/redact-stored-session";

type Context = { params: Promise<{ id: string }> };

/**
 * POST /api/sessions/:id/redact → 200 `RedactionResult`: every credential in the session replaced by a placeholder
 * naming its kind — in its messages, title, metadata, raw file (kept for re-import, redacted; dropped when it
 * cannot be cleaned) and its runs' stored results — and the time recorded. Runs keep their figures, computed on the
 * text before (the run history says so). A write: same-origin and, in team mode, the access token. 404 `not_found:session`.
 */
export const POST = handle(async (_request: Request, { params }: Context): Promise<RedactionResult> => {
  const outcome = await redactStoredSession((await params).id);
  return { session: presentSessionSummary(outcome.session), redacted: outcome.redacted, upload: outcome.upload };
});
