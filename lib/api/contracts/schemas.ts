import { z } from "zod";
import { queryIndex } from "./query-index";
import { FORMAT_IDS } from "../../engine/model";

/**
 * The API's wire shapes, shared by route handlers (to build responses) and the client (to type them).
 * Dates travel as ISO strings.
 */

export const FormatIdSchema = z.enum(FORMAT_IDS);

/**
 * What the lab knows of a session's credentials (issue #30): `scanned` false for a session stored before scanning
 * existed; `count` findings not yet redacted, of `kinds` (secretlint message ids such as GITHUB_TOKEN); the last
 * redaction and how many findings redactions replaced.
 */
export const SessionSecretsSchema = z.object({
  scanned: z.boolean(),
  count: z.number().int(),
  kinds: z.array(z.string()),
  redactedAt: z.string().nullable(),
  redactedCount: z.number().int(),
});
export type SessionSecrets = z.infer<typeof SessionSecretsSchema>;

export const SessionSummarySchema = z.object({
  id: z.string(),
  /** the user's title when they renamed the session, else the imported one */
  title: z.string(),
  /** the title the importer derived from the session (the user's first own request) */
  importedTitle: z.string(),
  format: FormatIdSchema,
  sourceName: z.string().nullable(),
  pick: z.number().int(),
  messageCount: z.number().int(),
  toolCallCount: z.number().int(),
  toolResultCount: z.number().int(),
  recordedCompactionCount: z.number().int(),
  estimatedTokens: z.number().int(),
  recordedPeakContextTokens: z.number().int().nullable(),
  createdAt: z.string(),
  /** the model its calls went to, its project (the cwd it ran in), when it started: null where the transcript does not say */
  model: z.string().nullable(),
  project: z.string().nullable(),
  startedAt: z.string().nullable(),
  /** what its recorded usage cost, USD; null: no usage recorded, or a model without a price */
  recordedCostUsd: z.number().nullable(),
  secrets: SessionSecretsSchema,
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** The longest title a user may give a session (the rename form stops there too). */
export const MAX_SESSION_TITLE_LENGTH = 200;

/** PATCH /api/sessions/:id: the user's title, or null to go back to the imported one. */
export const RenameSessionSchema = z.object({
  title: z
    .string()
    .trim()
    .max(MAX_SESSION_TITLE_LENGTH, `a title has at most ${MAX_SESSION_TITLE_LENGTH} characters`)
    .nullable()
    .transform((title) => (title === "" ? null : title)),
});
export type RenameSession = z.input<typeof RenameSessionSchema>;

export const SessionListSchema = z.object({ sessions: z.array(SessionSummarySchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

/** One point of the context-size chart: the estimated context before step's model call, and what the source recorded. */
export const ContextPointSchema = z.object({
  step: z.number().int(),
  /** index of the message that the model call produced (an assistant message) */
  messageIndex: z.number().int(),
  estimatedTokens: z.number().int(),
  recordedTokens: z.number().int().nullable(),
});
export type ContextPoint = z.infer<typeof ContextPointSchema>;

/**
 * An array of integers (or nulls), checked in one pass: zod's per-element schemas ran a check pipeline for each of
 * the ~150,000 numbers of a 100,000-message session's curve (over 100 ms in the browser); this is one loop.
 */
function integerArray(): z.ZodType<number[]>;
function integerArray(options: { nullable: true }): z.ZodType<(number | null)[]>;
function integerArray(options?: { nullable: true }): z.ZodType<(number | null)[]> {
  const nullable = options?.nullable === true;
  return z.custom<(number | null)[]>(
    (value) => Array.isArray(value) && value.every((item) => Number.isInteger(item) || (nullable && item === null)),
    nullable ? "expected an array of integers or nulls" : "expected an array of integers",
  );
}

/**
 * The context curve as it travels: one array per field, the step being the position (a 100,000-message session
 * has ~50,000 points: 1.2 MB this way against 4.2 MB as objects, and the browser parses and checks plain number
 * arrays several times faster). The client turns it back into points ({@link SessionDetailSchema}).
 */
export const ContextCurveColumnsSchema = z
  .object({
    messageIndex: integerArray(),
    estimatedTokens: integerArray(),
    recordedTokens: integerArray({ nullable: true }),
  })
  .refine((curve) => curve.estimatedTokens.length === curve.messageIndex.length && curve.recordedTokens.length === curve.messageIndex.length, {
    message: "messageIndex, estimatedTokens and recordedTokens must have one entry per model call",
  });
export type ContextCurveColumns = z.infer<typeof ContextCurveColumnsSchema>;

/** Points → columns (the server's side of {@link ContextCurveColumnsSchema}). */
export function toCurveColumns(points: readonly ContextPoint[]): ContextCurveColumns {
  return {
    messageIndex: points.map((point) => point.messageIndex),
    estimatedTokens: points.map((point) => point.estimatedTokens),
    recordedTokens: points.map((point) => point.recordedTokens),
  };
}

/** Columns → points, step = position (the client's side). */
export function fromCurveColumns(curve: ContextCurveColumns): ContextPoint[] {
  return curve.messageIndex.map((messageIndex, step) => ({ step, messageIndex, estimatedTokens: curve.estimatedTokens[step], recordedTokens: curve.recordedTokens[step] }));
}

/** GET /api/sessions/:id as sent: the curve in columns. */
export const SessionDetailWireSchema = SessionSummarySchema.extend({
  meta: z.record(z.string(), z.unknown()),
  /** the file holds this many sessions; `pick` says which one this is */
  sessionCount: z.number().int(),
  contextCurve: ContextCurveColumnsSchema,
});
export type SessionDetailWire = z.infer<typeof SessionDetailWireSchema>;

/** GET /api/sessions/:id as the client reads it: the wire shape checked, the curve as points. */
export const SessionDetailSchema = SessionDetailWireSchema.transform((detail) => ({ ...detail, contextCurve: fromCurveColumns(detail.contextCurve) }));
export type SessionDetail = z.output<typeof SessionDetailSchema>;

/** A message of a page: the canonical model (lib/engine/model.ts) plus its position and estimated size. */
export interface PagedMessage {
  seq: number;
  tokens: number;
  message: Record<string, unknown>;
}

/**
 * A page's messages, checked in one loop: zod's object and record schemas walked (and copied) every key of all 250
 * messages as each page arrived, a third of the work before the timeline's first rows could render.
 */
function pagedMessages(): z.ZodType<PagedMessage[]> {
  return z.custom<PagedMessage[]>(
    (value) =>
      Array.isArray(value) &&
      value.every(
        (item) =>
          typeof item === "object" &&
          item !== null &&
          Number.isInteger(item.seq) &&
          Number.isInteger(item.tokens) &&
          typeof item.message === "object" &&
          item.message !== null &&
          !Array.isArray(item.message),
      ),
    "expected messages as { seq, tokens, message } with integer seq and tokens and an object message",
  );
}

/** Messages travel as the canonical model (lib/engine/model.ts) plus their position and estimated size. */
export const MessagePageSchema = z.object({
  messages: pagedMessages(),
  /** pass as ?cursor= to get the next page; null at the end */
  nextCursor: z.number().int().nullable(),
  total: z.number().int(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const MessagePageQuerySchema = z.object({
  cursor: queryIndex().default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const UploadQuerySchema = z.object({
  format: FormatIdSchema.optional(),
  pick: queryIndex().optional(),
  name: z.string().max(300).optional(),
  /**
   * `refuse` (what the browser's upload sends): a file the lab already holds (same bytes, same pick) is answered 409
   * `duplicate_upload` naming its session instead of being stored again; `allow` (the default, for scripts) stores it
   */
  duplicate: z.enum(["allow", "refuse"]).default("allow"),
});

/** Every error body: a code like `not_found:session` or `invalid_format`, a message for people, and where. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    format: z.string().nullable().optional(),
    issues: z
      .array(z.object({ line: z.number().optional(), path: z.string().optional(), message: z.string() }))
      .optional(),
    totalIssues: z.number().optional(),
    /** a 409's stored counterpart (`duplicate_upload`: the session the same file became) */
    existing: z.object({ id: z.string(), title: z.string() }).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
