import { readUpload } from "@/lib/http/read-upload";
import { handle } from "@/lib/http/route";
import { presentSessionList, presentStoredSession } from "@/lib/present/present-session";
import { UploadQuerySchema } from "@/lib/api/contracts/schemas";
import { importUpload } from "@/lib/sessions/import-upload";
import { readSessionSecrets } from "@/lib/store/session-secrets";
import { listSessions } from "@/lib/store/sessions";

export const dynamic = "force-dynamic";

/** GET /api/sessions → 200 `SessionList` (newest first). */
export const GET = handle(async () => presentSessionList(await listSessions()));

/**
 * POST /api/sessions?format=&pick=&name= with a multipart `file` field or the raw transcript as the body
 * → 201 `SessionSummary & { sessionCount, secretFindings }` (Location: /api/sessions/:id): `secretFindings` lists the
 * credentials found (rule, kind, message, place, masked preview — never the secret; redacted already when
 * LAB_REDACT_ON_UPLOAD is on).
 * A multi-session file stores only the session `pick` chooses (default 0); `sessionCount` says how many the file
 * holds so the client can upload it again with another pick. 400 with the ImportError's code, format and issues
 * (line / JSON path) when the file does not fit; with `duplicate=refuse` (the browser's upload), 409 `duplicate_upload`
 * (with `existing`: the session's id and title) when the lab already holds the same file and pick; 413 above MAX_UPLOAD_BYTES; 415 for
 * other content types. A client that goes away before the file is stored (a closed tab) leaves nothing behind.
 */
export const POST = handle(async (request: Request) => {
  const query = UploadQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const upload = await readUpload(request);
  const stored = await importUpload({
    bytes: upload.bytes,
    format: query.format,
    pick: query.pick,
    sourceName: query.name ?? upload.filename,
    refuseDuplicate: query.duplicate === "refuse",
    signal: request.signal,
  });
  const { findings } = await readSessionSecrets(stored.id);
  return Response.json({ ...presentStoredSession(stored), secretFindings: findings ?? [] }, { status: 201, headers: { location: `/api/sessions/${encodeURIComponent(stored.id)}` } });
});
