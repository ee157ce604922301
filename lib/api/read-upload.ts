import { z } from "zod";
import { PayloadTooLargeError, UnsupportedMediaTypeError } from "./errors";

/** Default cap on an uploaded transcript: 50 MB (MAX_UPLOAD_BYTES overrides it). */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Raw bodies accepted as the transcript itself; multipart/form-data carries it in a `file` field. */
export const RAW_UPLOAD_TYPES = [
  "application/json",
  "application/x-ndjson",
  "application/jsonl",
  "text/plain",
  "application/octet-stream",
] as const;
const MULTIPART = "multipart/form-data";

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

const UploadFormSchema = z.object({
  file: z.instanceof(File, { message: "a multipart upload needs a `file` field holding the transcript" }),
});

const MaxUploadBytesSchema = z.coerce.number().int().positive().default(DEFAULT_MAX_UPLOAD_BYTES);

/** MAX_UPLOAD_BYTES from the environment (read per request, so it can change without a rebuild). */
export function maxUploadBytes(): number {
  return MaxUploadBytesSchema.parse(process.env.MAX_UPLOAD_BYTES || undefined);
}

export interface Upload {
  bytes: Uint8Array;
  /** the multipart file's name, when the upload was a form */
  filename?: string;
}

/**
 * Reads an uploaded transcript from a request: a multipart form's `file` field, or the raw body for the
 * {@link RAW_UPLOAD_TYPES}. Throws UnsupportedMediaTypeError for any other content type, PayloadTooLargeError
 * as soon as Content-Length announces more than `maxBytes` (before reading anything) and again while reading
 * when the body turns out larger (a missing or lying Content-Length), and a ZodError when a form has no file.
 */
export async function readUpload(request: Request, maxBytes = maxUploadBytes()): Promise<Upload> {
  const contentType = request.headers.get("content-type");
  const mediaType = contentType?.split(";")[0].trim().toLowerCase() ?? "";
  const multipart = mediaType === MULTIPART;
  if (!multipart && !(RAW_UPLOAD_TYPES as readonly string[]).includes(mediaType)) {
    throw new UnsupportedMediaTypeError(contentType, [MULTIPART, ...RAW_UPLOAD_TYPES]);
  }
  const bodyLimit = multipart ? maxBytes + MULTIPART_ENVELOPE_BYTES : maxBytes;
  const announced = Number(request.headers.get("content-length"));
  if (Number.isFinite(announced) && announced > bodyLimit) throw new PayloadTooLargeError(maxBytes, announced);
  const body = await readCapped(request, bodyLimit, maxBytes);
  if (!multipart) return { bytes: body };

  const form = await new Response(body, { headers: { "content-type": contentType! } }).formData();
  const { file } = UploadFormSchema.parse({ file: form.get("file") });
  if (file.size > maxBytes) throw new PayloadTooLargeError(maxBytes, file.size);
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || undefined };
}

async function readCapped(request: Request, limit: number, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
