import { SyncUploadQuerySchema, type SyncUploadResponse } from "@/lib/api/contracts/sync-schemas";
import { readUpload } from "@/lib/http/read-upload";
import { handle } from "@/lib/http/route";
import { syncUpload } from "@/lib/sessions/sync-upload";

export const dynamic = "force-dynamic";

/**
 * POST /api/sync?format=&agentSessionId=&sourceSha256=&name=&redactedCount= with the agent's session file as the body (raw or
 * `Content-Encoding: gzip`; multipart `file` too), what `lab sync --to <lab>` sends: 201 `{outcome: "imported", id}`
 * for a session the lab did not hold, 200 `{outcome: "updated", id}` when it held the agent session with another
 * file hash (its content is replaced, same id), 200 `{outcome: "unchanged", id}` for the same hash. The file is
 * imported, scanned and stored as an upload is (LAB_REDACT_ON_UPLOAD applies); 400 with the ImportError (line / JSON
 * path) when it does not fit its format, and nothing already stored changes; 413 above MAX_UPLOAD_BYTES. `redactedCount`:
 * the sender replaced that many credentials before sending, recorded as the session's redaction (when and how many).
 */
export const POST = handle(async (request: Request) => {
  const query = SyncUploadQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const upload = await readUpload(request);
  const result = await syncUpload({
    bytes: upload.bytes,
    format: query.format,
    agentSessionId: query.agentSessionId,
    sourceSha256: query.sourceSha256,
    sourceName: query.name ?? upload.filename,
    redactedBySender: query.redactedCount,
    signal: request.signal,
  });
  const body: SyncUploadResponse = { outcome: result.outcome, id: result.id };
  return Response.json(body, { status: result.outcome === "imported" ? 201 : 200 });
});
