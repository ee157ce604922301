import { lineText, isJsonWhitespace, readDocumentBytes } from "./read-document-bytes";
import { createJsonLinesReading, jsonLinesDocument, keepJsonLine, readJsonLine, tryParse, type TranscriptDocument } from "./read-document";

const NEWLINE = 0x0a;

/**
 * {@link readDocumentBytes} on a file read in chunks (`chunks` is called again for a second pass when needed; a chunk
 * may be overwritten once the next is asked for — fileChunks reads into one buffer — so nothing here keeps one): JSON
 * lines are parsed as the chunks arrive, so the file's bytes are never all in memory at once — only the parsed lines
 * are. When the first line with content is not a whole JSON object, or nothing but whitespace follows it, the file is
 * one JSON document (or not JSON) and is read whole, as readDocumentBytes reads it. Same documents, same errors, same
 * line numbers (counted from the first line with content).
 */
export function readDocumentChunks(chunks: () => Iterable<Uint8Array>, format: string | null = null, options: ReadChunksOptions = {}): TranscriptDocument {
  // each chunk copied as it comes: a chunk may be a view of a buffer the next read overwrites
  const whole = () => readDocumentBytes(Buffer.concat(Array.from(chunks(), (chunk) => Buffer.from(chunk))), format);
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const lines = linesOf(chunks())[Symbol.iterator]();
  let first: Uint8Array | null = null;
  for (let step = lines.next(), index = 0; !step.done; step = lines.next(), index++) {
    const from = contentStart(step.value, index === 0);
    if (from < step.value.length) {
      first = new Uint8Array(step.value.subarray(from)); // a copy: the lines after it are read before it is parsed
      break;
    }
  }
  // the first line with content: the file's last line (no newline after it), or followed by whitespace only
  let blankAfterFirst = 0;
  let next = lines.next();
  while (!next.done && contentStart(next.value, false) === next.value.length) {
    blankAfterFirst++;
    next = lines.next();
  }
  if (first === null || next.done) return closeAndRead(lines, whole);
  const firstText = lineText(decoder, first, 0, first.length);
  const parsed = tryParse(firstText);
  if (!parsed.ok || typeof parsed.value !== "object" || parsed.value === null || Array.isArray(parsed.value)) return closeAndRead(lines, whole);

  const reading = createJsonLinesReading(options.keep);
  keepJsonLine(reading, { raw: firstText, line: 1, value: parsed.value });
  let line = 1 + blankAfterFirst;
  for (; !next.done; next = lines.next()) {
    line++;
    readJsonLine(reading, lineText(decoder, next.value, 0, next.value.length), line);
  }
  return jsonLinesDocument({ reading, format, whyNotJson: "a JSON object or array" });
}

export interface ReadChunksOptions {
  /** what of each JSON line is kept in the document (see JsonLinesReading's `keep`); a single JSON document is kept whole */
  keep?: (value: unknown) => unknown;
}

/**
 * The lines of a file {@link readDocumentChunks} reads as JSON lines, numbered as it numbers them (line 1 is the first
 * with content, its byte-order mark and leading whitespace dropped; lines before it are not counted), each as text
 * without its line break — for a second pass over a file whose document was read already (a streamed import). As in
 * readDocumentChunks, a chunk may be overwritten once the next is asked for.
 */
export function* numberedLines(chunks: Iterable<Uint8Array>): Generator<{ line: number; text: string }> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let line = 0;
  let index = 0;
  for (const bytes of linesOf(chunks)) {
    if (line === 0) {
      const from = contentStart(bytes, index++ === 0);
      if (from === bytes.length) continue;
      line = 1;
      yield { line, text: lineText(decoder, bytes, from, bytes.length) };
      continue;
    }
    yield { line: ++line, text: lineText(decoder, bytes, 0, bytes.length) };
  }
}

/** Stops the first pass (closing its file) before the second reads the file whole. */
function closeAndRead(lines: Iterator<Uint8Array>, whole: () => TranscriptDocument): TranscriptDocument {
  lines.return?.();
  return whole();
}

/** Index of the line's first byte that is not JSON whitespace (nor, on the file's first line, a UTF-8 byte-order mark). */
function contentStart(line: Uint8Array, fileStart: boolean): number {
  let index = fileStart && line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf ? 3 : 0;
  while (index < line.length && isJsonWhitespace(line[index])) index++;
  return index;
}

/**
 * The bytes between newlines, without them; a last line is yielded only when bytes follow the last newline (as
 * readDocumentBytes stops at the file's end). A line that spans chunks is joined from copies of its pieces (the next
 * read may overwrite the chunk); the others are views of the chunk, valid until the next line is asked for.
 */
function* linesOf(chunks: Iterable<Uint8Array>): Generator<Uint8Array> {
  let pending: Uint8Array[] = [];
  for (const chunk of chunks) {
    let from = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline >= 0; newline = chunk.indexOf(NEWLINE, from)) {
      const piece = chunk.subarray(from, newline);
      if (pending.length === 0) yield piece;
      else {
        yield Buffer.concat([...pending, piece]);
        pending = [];
      }
      from = newline + 1;
    }
    if (from < chunk.length) pending.push(new Uint8Array(chunk.subarray(from))); // a copy (Buffer's slice is a view)
  }
  if (pending.length > 0) yield pending.length === 1 ? pending[0] : Buffer.concat(pending);
}
