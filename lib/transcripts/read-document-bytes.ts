import { isAscii } from "node:buffer";
import { createJsonLinesReading, jsonLinesDocument, keepJsonLine, readDocument, readJsonLine, tryParse, type TranscriptDocument } from "./read-document";

const NEWLINE = 0x0a;

/**
 * {@link readDocument} on an uploaded file's bytes, with JSON lines read as a stream of lines: when the file's
 * first line is a whole JSON object and more follows, each line is decoded (UTF-8, invalid bytes as U+FFFD, like
 * the whole-file decode) and parsed straight from the bytes, so the file's text is never built as one string — an
 * 80 MB JSONL upload would otherwise be held once more as text (twice, when a single character outside Latin-1
 * makes V8 store it two bytes a character) and again as its split lines. Anything else (one JSON document, a
 * one-line file, a first line that is not an object) is decoded whole and read by {@link readDocument}. Same
 * documents, same errors and line numbers (counted, as there, from the first line with content).
 */
export function readDocumentBytes(bytes: Uint8Array, format: string | null = null): TranscriptDocument {
  const decoder = new TextDecoder("utf-8");
  const start = firstContent(bytes, 0);
  const firstEnd = start < 0 ? -1 : bytes.indexOf(NEWLINE, start);
  if (firstEnd < 0 || firstContent(bytes, firstEnd + 1) < 0) return readDocument(decoder.decode(bytes), format);
  const firstText = lineText(decoder, bytes, start, firstEnd);
  const first = tryParse(firstText);
  if (!first.ok || typeof first.value !== "object" || first.value === null || Array.isArray(first.value)) return readDocument(decoder.decode(bytes), format);

  const reading = createJsonLinesReading();
  keepJsonLine(reading, { raw: firstText, line: 1, value: first.value });
  let line = 1;
  for (let from = firstEnd + 1; from < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, from);
    const end = newline < 0 ? bytes.length : newline;
    line++;
    readJsonLine(reading, lineText(decoder, bytes, from, end), line);
    from = end + 1;
  }
  return jsonLinesDocument({ reading, format, whyNotJson: "a JSON object or array" });
}

/**
 * The text of bytes [from, end), without a line's closing carriage return. A line of ASCII only (most lines) is
 * copied as Latin-1, which for those bytes is the same text as the UTF-8 decode, at about half its cost.
 */
function lineText(decoder: TextDecoder, bytes: Uint8Array, from: number, end: number): string {
  const line = bytes.subarray(from, end > from && bytes[end - 1] === 0x0d ? end - 1 : end);
  return isAscii(line) ? Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString("latin1") : decoder.decode(line);
}

/** Index of the first byte at or after `from` that is not a UTF-8 byte-order mark or JSON whitespace; -1 if none. */
function firstContent(bytes: Uint8Array, from: number): number {
  for (let index = from; index < bytes.length; index++) {
    const byte = bytes[index];
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    if (index === 0 && byte === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      index += 2;
      continue;
    }
    return index;
  }
  return -1;
}
