import { DEFAULT_MAX_UPLOAD_BYTES } from "../env/env-schema";
import { readEnv } from "../env/read-env";

/**
 * Default cap on an uploaded transcript, decompressed: 200 MB (MAX_UPLOAD_BYTES overrides it) — a month-long agent
 * session of 20,000 messages is about 80 MB.
 */
export { DEFAULT_MAX_UPLOAD_BYTES };

/** Raw bodies accepted as the transcript itself; multipart/form-data carries it in a `file` field. */
export const RAW_UPLOAD_TYPES = [
  "application/json",
  "application/x-ndjson",
  "application/jsonl",
  "text/plain",
  "application/octet-stream",
  "application/gzip",
  "application/x-gzip",
] as const;

/** MAX_UPLOAD_BYTES from the environment (read per request, so it can change without a rebuild). */
export function maxUploadBytes(): number {
  return readEnv().MAX_UPLOAD_BYTES;
}
