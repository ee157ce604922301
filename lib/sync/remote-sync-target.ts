import { gzipSync } from "node:zlib";
import { ApiErrorSchema } from "../api/contracts/schemas";
import { MAX_SYNC_STATE_KEYS, SyncStateResponseSchema, SyncUploadResponseSchema, type SyncStateRequest } from "../api/contracts/sync-schemas";
import type { SyncedSessionRecord } from "../store/find-synced-sessions";
import type { SyncTarget } from "./sync-target";

/** A team lab refused or failed a request: the status, and the lab's own message when it sent one. */
export class RemoteLabError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "RemoteLabError";
  }
}

/**
 * A team lab reached over its own API (`lab sync --to <url>`): `POST /api/sync/state` to learn which sessions it
 * holds, `POST /api/sync` with each new or changed file, gzipped. `token` is the lab's LAB_ACCESS_TOKEN, sent as a
 * bearer token (a lab without one takes none). A lab that cannot be reached, or refuses the token, throws
 * RemoteLabError saying so; a file it refuses (400: it does not fit its format) fails that file alone.
 */
export function remoteSyncTarget(options: { url: string; token?: string; fetch?: typeof fetch }): SyncTarget {
  const base = new URL(options.url);
  const fetchFn = options.fetch ?? fetch;
  const headers = (extra: Record<string, string>) => ({ ...extra, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) });
  const send = async (path: string, init: RequestInit): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetchFn(new URL(path, base), init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new RemoteLabError(`cannot reach the lab at ${base.origin}${cause ? ` (${cause})` : ""}: ${error instanceof Error ? error.message : String(error)}`, null);
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body;
    const apiError = ApiErrorSchema.safeParse(body);
    const detail = apiError.success ? apiError.data.error.message : `HTTP ${response.status}`;
    if (response.status === 401) throw new RemoteLabError(`the lab at ${base.origin} refused the access token (set LAB_ACCESS_TOKEN, or --token-file, to its token): ${detail}`, 401);
    throw new RemoteLabError(detail, response.status);
  };
  return {
    label: base.origin,
    remote: true,
    lookup: async (keys) => {
      const found: SyncedSessionRecord[] = [];
      for (let start = 0; start < keys.length; start += MAX_SYNC_STATE_KEYS) {
        const request: SyncStateRequest = { sessions: keys.slice(start, start + MAX_SYNC_STATE_KEYS).map((key) => ({ format: key.format, agentSessionId: key.agentSessionId })) };
        const body = await send("/api/sync/state", { method: "POST", headers: headers({ "content-type": "application/json" }), body: JSON.stringify(request) });
        found.push(...SyncStateResponseSchema.parse(body).sessions);
      }
      return found;
    },
    store: async (file) => {
      const query = new URLSearchParams({ format: file.format, agentSessionId: file.agentSessionId, sourceSha256: file.sourceSha256, name: file.sourceName, ...(file.redactedCount ? { redactedCount: String(file.redactedCount) } : {}) });
      const body = await send(`/api/sync?${query}`, {
        method: "POST",
        headers: headers({ "content-type": "application/octet-stream", "content-encoding": "gzip" }),
        body: gzipSync(file.bytes),
      });
      return SyncUploadResponseSchema.parse(body);
    },
  };
}
