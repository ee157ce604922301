import { handle } from "@/lib/http/route";
import { presentSessionSummary } from "@/lib/present/present-session";
import type { SessionSecretsView } from "@/lib/api/contracts/secret-schemas";
import { scanStoredSession } from "@/lib/runs/ensure-scanned";
import { readSessionSecrets } from "@/lib/store/session-secrets";

type Context = { params: Promise<{ id: string }> };

/**
 * GET /api/sessions/:id/secrets → 200 `SessionSecretsView`: what the session holds — the count and kinds, the last
 * redaction, and every unredacted finding (rule, kind, message, message/part, masked preview; never the secret).
 * `findings` null: stored before scanning existed (POST scans it). 404 `not_found:session`.
 */
export const GET = handle(async (_request: Request, { params }: Context): Promise<SessionSecretsView> => {
  const { session, findings } = await readSessionSecrets((await params).id);
  return { secrets: presentSessionSummary(session).secrets, findings };
});

/** POST /api/sessions/:id/secrets → 200 `SessionSecretsView`: scans the session again and stores what it finds. */
export const POST = handle(async (_request: Request, { params }: Context): Promise<SessionSecretsView> => {
  const { id } = await params;
  await scanStoredSession(id);
  const { session, findings } = await readSessionSecrets(id);
  return { secrets: presentSessionSummary(session).secrets, findings };
});
