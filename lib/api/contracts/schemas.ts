import { z } from "zod";
import { FORMAT_IDS } from "../../engine/model";

/**
 * The API's wire shapes, shared by route handlers (to build responses) and the client (to type them).
 * Dates travel as ISO strings.
 */

export const FormatIdSchema = z.enum(FORMAT_IDS);

export const SessionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
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
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

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

export const SessionDetailSchema = SessionSummarySchema.extend({
  meta: z.record(z.string(), z.unknown()),
  /** the file holds this many sessions; `pick` says which one this is */
  sessionCount: z.number().int(),
  contextCurve: z.array(ContextPointSchema),
});
export type SessionDetail = z.infer<typeof SessionDetailSchema>;

/** Messages travel as the canonical model (lib/engine/model.ts) plus their position and estimated size. */
export const MessagePageSchema = z.object({
  messages: z.array(
    z.object({
      seq: z.number().int(),
      tokens: z.number().int(),
      message: z.record(z.string(), z.unknown()),
    }),
  ),
  /** pass as ?cursor= to get the next page; null at the end */
  nextCursor: z.number().int().nullable(),
  total: z.number().int(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

export const MessagePageQuerySchema = z.object({
  cursor: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const UploadQuerySchema = z.object({
  format: FormatIdSchema.optional(),
  pick: z.coerce.number().int().min(0).optional(),
  name: z.string().max(300).optional(),
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
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
