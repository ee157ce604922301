/**
 * Reads a streamed NDJSON body line by line, calling `onLine` with each parsed object as it arrives. A line
 * split across chunks is joined first; blank lines are skipped; a line that is not JSON throws (the stream
 * is the server's own, so a broken line is a bug to surface, not to skip).
 */
export async function readNdjson(body: ReadableStream<Uint8Array>, onLine: (line: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
    // one cut per chunk, not per line: a chunk holding thousands of lines is scanned once
    let start = 0;
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      emit(buffer.slice(start, newline), onLine);
      start = newline + 1;
      newline = buffer.indexOf("\n", start);
    }
    buffer = buffer.slice(start);
    if (done) break;
  }
  emit(buffer, onLine);
}

function emit(line: string, onLine: (line: unknown) => void) {
  const trimmed = line.trim();
  if (trimmed) onLine(JSON.parse(trimmed));
}
