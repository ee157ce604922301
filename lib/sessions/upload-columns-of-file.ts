import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { UploadColumns } from "../store/upload-columns";

/** An uploaded file kept on disk (lib/http/spool-upload.ts), with the size and SHA-256 taken while it was written. */
export interface UploadedFile {
  path: string;
  size: number;
  sha256: string;
}

/** Bytes read and compressed per turn of the main thread: few turns, which a busy thread (a parse) delays. */
const STREAM_CHUNK_BYTES = 1024 * 1024;

/**
 * The Upload row's columns for a file on disk, as uploadColumns makes them for bytes in memory (gzip, size, SHA-256):
 * the file is gzipped as a stream, so only its compressed form is ever held. Each megabyte needs a turn of the main
 * thread, so it progresses in the gaps of a synchronous parse (and after it) rather than beside it.
 */
export async function uploadColumnsOfFile(file: UploadedFile): Promise<UploadColumns> {
  const chunks: Buffer[] = [];
  const read = fs.createReadStream(file.path, { highWaterMark: STREAM_CHUNK_BYTES });
  await pipeline(read, createGzip({ chunkSize: STREAM_CHUNK_BYTES }), async function* (gzipped: AsyncIterable<Buffer>) {
    for await (const chunk of gzipped) chunks.push(chunk);
  });
  const bytes = Buffer.concat(chunks);
  return { encoding: "gzip", size: file.size, sha256: file.sha256, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
