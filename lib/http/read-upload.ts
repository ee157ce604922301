import { z } from "zod";
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../api/contracts/errors";
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
const MULTIPART = "multipart/form-data";

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

const UploadFormSchema = z.object({
  file: z.instanceof(File, { message: "a multipart upload needs a `file` field holding the transcript" }),
});

/** MAX_UPLOAD_BYTES from the environment (read per request, so it can change without a rebuild). */
export function maxUploadBytes(): number {
  return readEnv().MAX_UPLOAD_BYTES;
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
 * Gzip is undone as a stream under the same cap, which then applies to the decompressed size: a request sent with
 * `Content-Encoding: gzip`, and a file (form or raw body) that starts with gzip's magic bytes — a `.gz` name loses
 * its suffix so the format can still be told from the rest. A corrupt gzip stream is 400 `invalid_gzip`.
 */
export async function readUpload(request: Request, maxBytes = maxUploadBytes()): Promise<Upload> {
  const contentType = request.headers.get("content-type");
  const mediaType = contentType?.split(";")[0].trim().toLowerCase() ?? "";
  const multipart = mediaType === MULTIPART;
  if (!multipart && !(RAW_UPLOAD_TYPES as readonly string[]).includes(mediaType)) {
    throw new UnsupportedMediaTypeError(contentType, [MULTIPART, ...RAW_UPLOAD_TYPES]);
  }
  const bodyLimit = multipart ? maxBytes + MULTIPART_ENVELOPE_BYTES : maxBytes;
  const encoding = request.headers.get("content-encoding")?.trim().toLowerCase() ?? "identity";
  if (encoding !== "identity" && encoding !== "gzip") throw new UnsupportedMediaTypeError(`Content-Encoding: ${encoding}`, ["identity", "gzip"]);
  const announced = Number(request.headers.get("content-length"));
  if (encoding === "identity" && Number.isFinite(announced) && announced > bodyLimit) throw new PayloadTooLargeError(maxBytes, announced);
  const stream = encoding === "gzip" && request.body ? gunzip(request.body) : request.body;
  const body = await readCapped(stream, bodyLimit, maxBytes, encoding === "gzip");
  if (!multipart) return isGzip(body) ? { bytes: await readCapped(gunzip(new Blob([body]).stream()), maxBytes, maxBytes, true) } : { bytes: body };

  const form = await parseForm(body, contentType!);
  const { file } = UploadFormSchema.parse({ file: form.get("file") });
  const filename = file.name || undefined;
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (isGzip(head)) {
    return { bytes: await readCapped(gunzip(file.stream()), maxBytes, maxBytes, true), filename: filename?.replace(/\.gz$/i, "") };
  }
  if (file.size > maxBytes) throw new PayloadTooLargeError(maxBytes, file.size);
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename };
}

/**
 * The multipart body as a form. A body that is not multipart (no boundary, junk, a part cut off) is the client's
 * mistake: 400 `invalid_multipart`, not the parser's TypeError surfacing as a 500.
 */
async function parseForm(body: Uint8Array, contentType: string): Promise<FormData> {
  try {
    return await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new BadRequestError(
      "invalid_multipart",
      "The multipart/form-data body could not be read: send the transcript as a form's `file` field (each part between the boundary named in Content-Type, the last one closed), or send the file itself as the body.",
    );
  }
}

/** gzip's magic bytes (RFC 1952): 1f 8b. */
function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

function gunzip(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return stream.pipeThrough(new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
}

/**
 * Reads a stream into one buffer, refusing it as soon as it passes `limit` (the rest is never read, so a gzip
 * bomb stops at the cap). `decompressing` turns a stream error into a clear 400 about the gzip data.
 */
async function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number, maxBytes: number, decompressing = false): Promise<Uint8Array<ArrayBuffer>> {
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (error) {
      if (!decompressing) throw error;
      throw new BadRequestError("invalid_gzip", `The upload is not valid gzip data after ${total.toLocaleString("en-US")} decompressed bytes: ${error instanceof Error ? error.message : String(error)}`, "file");
    }
    const { done, value } = step;
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
