import fs from "node:fs";
import { once } from "node:events";
import { createGzip, type Gzip } from "node:zlib";
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
 *
 * The file is read into one buffer, used again once zlib has taken each megabyte: a read stream's fresh 1 MB buffer
 * per read (a hundred for a 100 MB upload) came from malloc's main heap and was freed only when the garbage
 * collector got to it, leaving that heap about 60 MB larger for the rest of the process (issue #39).
 */
export async function uploadColumnsOfFile(file: UploadedFile): Promise<UploadColumns> {
  const gzip = createGzip({ chunkSize: STREAM_CHUNK_BYTES });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const handle = await fs.promises.open(file.path, "r");
  try {
    const buffer = Buffer.allocUnsafe(STREAM_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, null);
      if (bytesRead === 0) break;
      await written(gzip, buffer.subarray(0, bytesRead));
    }
  } catch (error) {
    gzip.destroy();
    throw error;
  } finally {
    await handle.close();
  }
  const ended = once(gzip, "end"); // 'end' comes in a later turn, after the flush
  gzip.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  return { encoding: "gzip", size: file.size, sha256: file.sha256, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/** Resolves once zlib has consumed `chunk` (its write callback), so the chunk's memory may be filled again. */
function written(gzip: Gzip, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => gzip.write(chunk, (error) => (error ? reject(error) : resolve())));
}
