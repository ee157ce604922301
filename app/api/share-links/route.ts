import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { presentCreatedShareLink, presentShareLinkSummary } from "@/lib/present/present-share-link";
import { ShareLinkRequestSchema } from "@/lib/api/contracts/share-schemas";
import { ensureScanned } from "@/lib/runs/ensure-scanned";
import { getRunRecord } from "@/lib/store/runs";
import { createShareLink, listAllShareLinks } from "@/lib/store/share-links";

/** GET /api/share-links → 200 `{links}`: every share link, newest first, with its session's title and runs' strategies; revoked ones marked (never a token). */
export const GET = handle(async () => ({ links: (await listAllShareLinks()).map(presentShareLinkSummary) }));

/**
 * POST /api/share-links `{kind: "session" | "run", targetId, label?}` → 201 `{link, token, path}`: a read-only link
 * (/share/<token>) to that session or run. The token is in this answer only; the database keeps its SHA-256.
 * Needs the access token in team mode and a same-origin request, like every write. 400 naming the field; 404
 * `not_found:session` / `not_found:run`. A session holding unredacted credentials is refused (400
 * `secrets_unredacted`) unless `allowSecrets: true`, which the link records; one stored before scanning existed is
 * scanned first.
 */
export const POST = handle(async (request: Request) => {
  const input = ShareLinkRequestSchema.parse(await readJsonBody(request));
  await ensureScanned(input.kind === "run" ? (await getRunRecord(input.targetId)).sessionId : input.targetId);
  return Response.json(presentCreatedShareLink(await createShareLink(input)), { status: 201 });
});
