import { z } from "zod";
import { ROLES, SESSION_EVENT_KINDS, type Message, type Part, type SessionMeta } from "../engine/model";

/**
 * The canonical model as zod schemas, for JSON read back from the database (a Message's `data`, a Session's
 * `meta`). Typed as `z.ZodType<Message>` so a change to lib/engine/model.ts that these schemas miss fails
 * type-checking instead of passing bad data along. Unknown extra keys are kept (loose objects): a row written by
 * a newer importer still reads.
 */

const ImageRefShape = {
  mediaType: z.string(),
  bytes: z.number().optional(),
  url: z.string().optional(),
};

const PartSchema: z.ZodType<Part> = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text"), text: z.string(), synthetic: z.boolean().optional() }),
  z.looseObject({ type: z.literal("reasoning"), text: z.string(), redacted: z.boolean().optional() }),
  z.looseObject({ type: z.literal("tool-call"), id: z.string(), name: z.string(), input: z.unknown() }),
  z.looseObject({
    type: z.literal("tool-result"),
    callId: z.string(),
    name: z.string().optional(),
    output: z.string(),
    isError: z.boolean(),
    images: z.array(z.looseObject(ImageRefShape)),
  }),
  z.looseObject({ type: z.literal("image"), ...ImageRefShape }),
  z.looseObject({
    type: z.literal("file"),
    mediaType: z.string(),
    filename: z.string().optional(),
    url: z.string().optional(),
  }),
  z.looseObject({
    type: z.literal("compaction"),
    auto: z.boolean(),
    tokensBefore: z.number().optional(),
    tokensAfter: z.number().optional(),
    firstKeptMessageId: z.string().optional(),
  }),
]);

export const StoredMessageSchema: z.ZodType<Message> = z.looseObject({
  id: z.string(),
  role: z.enum(ROLES),
  parts: z.array(PartSchema),
  summary: z.boolean().optional(),
  synthetic: z.boolean().optional(),
  usage: z
    .looseObject({ input: z.number(), output: z.number(), cacheRead: z.number(), cacheWrite: z.number() })
    .optional(),
  timestamp: z.string().optional(),
  model: z.string().optional(),
  source: z.looseObject({ line: z.number().optional(), path: z.string().optional() }).optional(),
});

export const StoredSessionMetaSchema: z.ZodType<SessionMeta> = z.looseObject({
  sourceId: z.string().optional(),
  cwd: z.string().optional(),
  model: z.string().optional(),
  contextWindow: z.number().optional(),
  startedAt: z.string().optional(),
  subagent: z.boolean().optional(),
  notes: z.array(z.string()).optional(),
  events: z
    .array(
      z.object({
        kind: z.enum(SESSION_EVENT_KINDS),
        value: z.string(),
        beforeMessageId: z.string().optional(),
        timestamp: z.string().optional(),
        line: z.number().optional(),
      }),
    )
    .optional(),
});

/**
 * Parses one stored message. A row that does not match the model is a corrupted or hand-edited database, not a
 * user error, so this throws a plain Error (a logged 500) naming the session and seq.
 */
export function parseStoredMessage(data: unknown, where: { sessionId: string; seq: number }): Message {
  const parsed = StoredMessageSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `Stored message ${where.seq} of session ${where.sessionId} does not match the canonical model: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** Parses a stored session's meta; see {@link parseStoredMessage} for why a mismatch throws a plain Error. */
export function parseStoredMeta(data: unknown, sessionId: string): SessionMeta {
  const parsed = StoredSessionMetaSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`Stored meta of session ${sessionId} does not match the canonical model: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
