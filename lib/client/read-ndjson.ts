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
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      emit(buffer.slice(0, newline), onLine);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
    }
    if (done) break;
  }
  emit(buffer, onLine);
}

function emit(line: string, onLine: (line: unknown) => void) {
  const trimmed = line.trim();
  if (trimmed) onLine(JSON.parse(trimmed));
}
