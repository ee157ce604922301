import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import busboy from "busboy";
import { z } from "zod";
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../api/contracts/errors";
import { maxUploadBytes, RAW_UPLOAD_TYPES } from "./upload-limits";

const MULTIPART = "multipart/form-data";

/** The temporary folder an upload is spooled into is named `<os.tmpdir()>/lab-upload-XXXXXX`. */
export const UPLOAD_SPOOL_PREFIX = "lab-upload-";

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

const UploadFormSchema = z.object({
  file: z.literal(true, { message: "a multipart upload needs a `file` field holding the transcript" }),
});

/** An uploaded transcript spooled to a temporary file, decompressed: what importUpload reads it from. */
export interface SpooledUpload {
  path: string;
  size: number;
  /** the hex SHA-256 of the file as spooled (decompressed), as its Upload row keeps it */
  sha256: string;
  /** the multipart file's name (a `.gz` suffix dropped when it was gzip), when the upload was a form */
  filename?: string;
  /** removes the temporary file; safe to call more than once */
  dispose(): Promise<void>;
}

/**
 * Streams an uploaded transcript from a request to a temporary file, in bounded memory: a multipart form's `file`
 * field (parsed as it arrives, with busboy) or the raw body for the {@link RAW_UPLOAD_TYPES}, hashed on the way.
 * Throws UnsupportedMediaTypeError for any other content type; PayloadTooLargeError as soon as Content-Length
 * announces more than `maxBytes` (before reading anything) and again while reading when the body or the file turns out
 * larger (the rest is never read, so a gzip bomb stops at the cap); 400 `invalid_multipart` for a form that cannot be
 * read (no boundary, junk, cut off) and a ZodError for a form without a `file` field. Gzip is undone as a stream under
 * the same cap, which then applies to the decompressed size: a request sent with `Content-Encoding: gzip`, and a file
 * (form or raw body) that starts with gzip's magic bytes. A corrupt gzip stream is 400 `invalid_gzip`. Nothing is left
 * on disk when it throws; the caller disposes of the file once it has imported it.
 */
export async function spoolUpload(request: Request, maxBytes = maxUploadBytes()): Promise<SpooledUpload> {
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

  const raw = request.body ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>) : Readable.from([]);
  const body = capped(encoding === "gzip" ? gunzipped(raw) : raw, { limit: bodyLimit, maxBytes });
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), UPLOAD_SPOOL_PREFIX));
  const dispose = () => fs.promises.rm(directory, { recursive: true, force: true });
  try {
    const file = path.join(directory, "upload");
    if (!multipart) return { ...(await writeTranscript({ source: body, file, maxBytes })), dispose };
    const { written, filename } = await spoolFormFile({ body, contentType: contentType!, file, maxBytes });
    return { ...written, filename: written.gzip ? filename?.replace(/\.gz$/i, "") : filename, dispose };
  } catch (error) {
    raw.destroy();
    await dispose();
    throw error;
  }
}

interface Written {
  path: string;
  size: number;
  sha256: string;
  gzip: boolean;
}

/** Writes a transcript's bytes to `file` (gunzipped when they start with gzip's magic bytes), at most `maxBytes` of them. */
async function writeTranscript(input: { source: AsyncIterable<Uint8Array>; file: string; maxBytes: number }): Promise<Written> {
  const { bytes, gzip } = await sniffGzip(input.source);
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(
    capped(gzip ? gunzipped(Readable.from(bytes)) : bytes, { limit: input.maxBytes, maxBytes: input.maxBytes }),
    async function* (chunks: AsyncIterable<Uint8Array>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.byteLength;
        yield chunk;
      }
    },
    fs.createWriteStream(input.file),
  );
  return { path: input.file, size, sha256: hash.digest("hex"), gzip };
}

/**
 * The form's `file` field written to `file` as the body streams through busboy; the other fields and files are
 * read past. A form busboy cannot read is 400 `invalid_multipart` (the parser's own error would be a 500).
 */
async function spoolFormFile(input: { body: AsyncIterable<Uint8Array>; contentType: string; file: string; maxBytes: number }): Promise<{ written: Written; filename?: string }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": input.contentType }, defParamCharset: "utf8" });
  } catch {
    throw invalidMultipart(); // no boundary in Content-Type
  }
  const source = Readable.from(input.body);
  return new Promise((resolve, reject) => {
    let spooled: Promise<{ written: Written; filename?: string }> | null = null;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || spooled) {
        stream.resume();
        return;
      }
      spooled = writeTranscript({ source: formPart(stream), file: input.file, maxBytes: input.maxBytes }).then((written) => ({ written, filename: info.filename || undefined }));
      spooled.catch(fail);
    });
    parser.on("error", () => fail(invalidMultipart()));
    parser.on("close", () => {
      if (!spooled) return fail(UploadFormSchema.safeParse({}).error);
      spooled.then(resolve, fail);
    });
    // the body's own errors (413 past the cap, a corrupt Content-Encoding: gzip) are the answer, not the form's
    source.on("error", fail);
    source.pipe(parser);
  });
}

/** A multipart part's bytes; the part ending early (the form cut off) is the client's mistake. */
async function* formPart(stream: Readable): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch {
    throw invalidMultipart();
  }
}

function invalidMultipart(): BadRequestError {
  return new BadRequestError(
    "invalid_multipart",
    "The multipart/form-data body could not be read: send the transcript as a form's `file` field (each part between the boundary named in Content-Type, the last one closed), or send the file itself as the body.",
  );
}

/** The stream's bytes, and whether they start with gzip's magic bytes (RFC 1952: 1f 8b); the first chunks are read to tell. */
async function sniffGzip(source: AsyncIterable<Uint8Array>): Promise<{ bytes: AsyncIterable<Uint8Array>; gzip: boolean }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let length = 0;
  while (length < 2) {
    const step = await iterator.next();
    if (step.done) break;
    head.push(step.value);
    length += step.value.byteLength;
  }
  const first = Buffer.concat(head);
  async function* bytes() {
    if (first.byteLength > 0) yield first;
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) yield step.value;
  }
  return { bytes: bytes(), gzip: first.byteLength >= 2 && first[0] === 0x1f && first[1] === 0x8b };
}

/** The stream gunzipped; corrupt gzip data is 400 `invalid_gzip`, saying how far it got. */
async function* gunzipped(source: Readable): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let total = 0;
  try {
    for await (const chunk of gunzip) {
      total += (chunk as Uint8Array).byteLength;
      yield chunk as Uint8Array;
    }
  } catch (error) {
    if (!isZlibError(error)) throw error;
    throw new BadRequestError("invalid_gzip", `The upload is not valid gzip data after ${total.toLocaleString("en-US")} decompressed bytes: ${error instanceof Error ? error.message : String(error)}`, "file");
  } finally {
    source.destroy();
  }
}

function isZlibError(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === "string" && code.startsWith("Z_");
}

/** The stream, refused with PayloadTooLargeError as soon as it passes `limit` bytes. */
async function* capped(source: AsyncIterable<Uint8Array>, bounds: { limit: number; maxBytes: number }): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > bounds.limit) throw new PayloadTooLargeError(bounds.maxBytes);
    yield chunk;
  }
}
