import fs from "node:fs";

/** How much of a file is read at a time: big enough for few reads, small beside any upload worth streaming. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * A file's bytes in chunks of up to 1 MB, read synchronously (for a synchronous parse: see importTranscriptChunks);
 * each chunk is a fresh buffer, so one kept by the reader is never overwritten. The file is closed when the loop ends,
 * early or not.
 */
export function* fileChunks(path: string): Generator<Uint8Array> {
  const descriptor = fs.openSync(path, "r");
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const read = fs.readSync(descriptor, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) return;
      yield chunk.subarray(0, read);
    }
  } finally {
    fs.closeSync(descriptor);
  }
}
