import { z } from "zod";
import { FormatIdSchema } from "./schemas";

/** The agent's own id of a session, as `lab sync` keys it (a UUID, `ses_…`, or `<session id>/agent-<id>`). */
export const AgentSessionIdSchema = z.string().min(1).max(300);

/** The hex SHA-256 of an agent's file as it was found. */
export const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, "a hex SHA-256 (64 characters 0-9a-f)");

export const SyncKeySchema = z.object({ format: FormatIdSchema, agentSessionId: AgentSessionIdSchema });

/** The most agent sessions one POST /api/sync/state may ask about; `lab sync` asks in batches of this size. */
export const MAX_SYNC_STATE_KEYS = 1_000;

/** POST /api/sync/state: which of these agent sessions the lab holds. */
export const SyncStateRequestSchema = z.object({ sessions: z.array(SyncKeySchema).max(MAX_SYNC_STATE_KEYS) });
export type SyncStateRequest = z.infer<typeof SyncStateRequestSchema>;

/** Its answer: the ones the lab holds, with the hash of the file each was last synced from. */
export const SyncStateResponseSchema = z.object({
  sessions: z.array(SyncKeySchema.extend({ id: z.string(), sourceSha256: Sha256Schema.nullable() })),
});
export type SyncStateResponse = z.infer<typeof SyncStateResponseSchema>;

/** POST /api/sync?format=&agentSessionId=&sourceSha256=&name= with the file as the body (gzip allowed). */
export const SyncUploadQuerySchema = z.object({
  format: FormatIdSchema,
  agentSessionId: AgentSessionIdSchema,
  /** the file's hash as found, when what is sent was redacted first (default: the hash of what is sent) */
  sourceSha256: Sha256Schema.optional(),
  name: z.string().max(300).optional(),
  /** how many credentials the sender replaced before sending (`lab sync --redact`): recorded as the session's redaction */
  redactedCount: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

/** Its answer: what was done, and the session's id. */
export const SyncUploadResponseSchema = z.object({ outcome: z.enum(["imported", "updated", "unchanged"]), id: z.string() });
export type SyncUploadResponse = z.infer<typeof SyncUploadResponseSchema>;
