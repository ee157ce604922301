import { z } from "zod";
import { SecretFindingSchema } from "../../secrets/secret-finding";
import { SessionSecretsSchema, SessionSummarySchema } from "./schemas";

export { SecretFindingSchema, type SecretFinding } from "../../secrets/secret-finding";

/** GET /api/sessions/:id/secrets: the session's credentials state and its unredacted findings (null: never scanned). */
export const SessionSecretsViewSchema = z.object({ secrets: SessionSecretsSchema, findings: z.array(SecretFindingSchema).nullable() });
export type SessionSecretsView = z.infer<typeof SessionSecretsViewSchema>;

/**
 * POST /api/sessions/:id/redact: the session after the redaction, how many findings it replaced, and what became of
 * the raw file (`redacted`; `dropped` when it could not be cleaned without breaking it; `none`: there was none).
 */
export const RedactionResultSchema = z.object({
  session: SessionSummarySchema,
  redacted: z.number().int(),
  upload: z.enum(["redacted", "dropped", "none"]),
});
export type RedactionResult = z.infer<typeof RedactionResultSchema>;
