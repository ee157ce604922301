import { z } from "zod";

/**
 * What the server is doing with an upload once every byte has arrived, streamed as NDJSON lines when the client asks
 * for `application/x-ndjson` (the browser's upload does): reading the file, scanning its messages for credentials,
 * storing its messages. A big file spends most of its time here, after the upload bar has reached 100%.
 */
export const UploadStageSchema = z.discriminatedUnion("stage", [
  z.object({ stage: z.literal("parsing"), bytes: z.number().int().nonnegative() }),
  z.object({ stage: z.literal("scanning"), format: z.string(), messages: z.number().int().nonnegative() }),
  z.object({ stage: z.literal("storing"), messages: z.number().int().nonnegative(), stored: z.number().int().nonnegative() }),
]);
export type UploadStage = z.infer<typeof UploadStageSchema>;

/**
 * One line of POST /api/sessions's streamed answer: stages, then exactly one `done` (the 201 body) or `error` (the
 * status and ApiError body the JSON answer would have had).
 */
export const UploadLineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("stage"), stage: UploadStageSchema }),
  z.object({ type: z.literal("done"), result: z.unknown() }),
  z.object({ type: z.literal("error"), status: z.number().int(), body: z.unknown() }),
]);
export type UploadLine = z.infer<typeof UploadLineSchema>;
