import fs from "node:fs";

/** How much of a file is read at a time: big enough for few reads, small beside any upload worth streaming. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * A file's bytes in chunks of up to 1 MB, read synchronously (for a synchronous parse: see importTranscriptChunks)
 * into one buffer: each chunk is a view of it, overwritten by the next read, so a reader copies what it keeps past
 * asking for the next (as readDocumentChunks and numberedLines do). A fresh 1 MB buffer per read (two hundred for
 * the two passes over a 100 MB upload) came from malloc's main heap and was freed only when the garbage collector
 * reached its wrapper, which by then had outlived two young-generation collections: that heap grew by ~40 MB while
 * the messages were written, and did not shrink (issue #39). The file is closed when the loop ends, early or not.
 */
export function* fileChunks(path: string): Generator<Uint8Array> {
  const descriptor = fs.openSync(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const read = fs.readSync(descriptor, buffer, 0, CHUNK_BYTES, null);
      if (read === 0) return;
      yield buffer.subarray(0, read);
    }
  } finally {
    fs.closeSync(descriptor);
  }
}
