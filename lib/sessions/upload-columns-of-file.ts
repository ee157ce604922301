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

/**
 * The Upload row's columns for a file on disk, as uploadColumns makes them for bytes in memory (gzip, size, SHA-256):
 * the file is gzipped as a stream, so only its compressed form is ever held.
 */
export async function uploadColumnsOfFile(file: UploadedFile): Promise<UploadColumns> {
  const chunks: Buffer[] = [];
  await pipeline(fs.createReadStream(file.path), createGzip(), async function* (gzipped: AsyncIterable<Buffer>) {
    for await (const chunk of gzipped) chunks.push(chunk);
  });
  const bytes = Buffer.concat(chunks);
  return { encoding: "gzip", size: file.size, sha256: file.sha256, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}
