import { z } from "zod";

/**
 * Where a finding sits: a part of a message (`seq` and `part`), the session's title, or its metadata (cwd, notes).
 */
export const SecretFieldSchema = z.enum(["part", "title", "meta"]);

/**
 * One credential secretlint found in a session, as stored and shown: the rule, what it said (its own message with
 * the secret masked), where, and a masked preview (`sk-ant…a9F2`) — never the secret itself.
 */
export const SecretFindingSchema = z.object({
  /** the preset's rule, without the `@secretlint/secretlint-rule-` prefix: `github`, `aws`, `privatekey`, … */
  rule: z.string(),
  /** the rule's message id, the kind of credential: `GITHUB_TOKEN`, `AWSAccessKeyID`, `PostgreSQLConnection`, … */
  kind: z.string(),
  message: z.string(),
  field: SecretFieldSchema,
  /** the message's index in the session (its seq), null for the title and metadata */
  seq: z.number().int().nullable(),
  /** the part's index in the message, null for the title and metadata */
  part: z.number().int().nullable(),
  preview: z.string(),
});
export type SecretFinding = z.infer<typeof SecretFindingSchema>;

/** A finding with the text it matched: in memory only, for redaction; never stored, logged or sent. */
export interface DetectedSecret extends SecretFinding {
  secret: string;
}
