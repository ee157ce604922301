/**
 * `bytes` in chunks of `size`, each a view of one buffer that the next chunk overwrites — as fileChunks reads a file —
 * with the buffer filled with `{` before each write, so a reader that kept a view past asking for the next chunk reads
 * other bytes than the file's (and, where a line was cut, a broken line).
 */
export function reusedBufferChunks(bytes: Uint8Array, size: number): () => Iterable<Uint8Array> {
  return function* chunks() {
    const buffer = new Uint8Array(size);
    for (let at = 0; at < bytes.length; at += size) {
      const piece = bytes.subarray(at, at + size);
      buffer.fill(0x7b);
      buffer.set(piece);
      yield buffer.subarray(0, piece.length);
    }
  };
}
