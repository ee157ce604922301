import { SyncStateRequestSchema, type SyncStateResponse } from "@/lib/api/contracts/sync-schemas";
import { readJsonBody } from "@/lib/http/read-json-body";
import { handle } from "@/lib/http/route";
import { findSyncedSessions } from "@/lib/store/find-synced-sessions";

export const dynamic = "force-dynamic";

/**
 * POST /api/sync/state `{sessions: [{format, agentSessionId}]}` (at most 1,000) → 200 `{sessions: [{format,
 * agentSessionId, id, sourceSha256}]}`: those the lab holds, so `lab sync --to` sends only new and changed files.
 */
export const POST = handle(async (request: Request) => {
  const { sessions } = SyncStateRequestSchema.parse(await readJsonBody(request));
  const found = await findSyncedSessions(sessions);
  const body: SyncStateResponse = {
    sessions: found.map((session) => ({ format: session.format, agentSessionId: session.agentSessionId, id: session.id, sourceSha256: session.sourceSha256 })),
  };
  return body;
});
