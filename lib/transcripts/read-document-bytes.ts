import { isAscii } from "node:buffer";
import { asciiJsonText } from "./ascii-json-text";
import { lengthMayNestTooDeep } from "./find-too-deep";
import { createJsonLinesReading, jsonLinesDocument, keepJsonLine, readDocument, readJsonLine, tryParse, wholeDocument, type TranscriptDocument } from "./read-document";

const NEWLINE = 0x0a;

/** How {@link readDocumentBytes} may treat the bytes it reads. */
export interface ReadBytesOptions {
  /** the file's length when `bytes` is longer: what follows is room the escaping of one JSON document may write into */
  length?: number;
  /**
   * The file's bytes again, for a document that was escaped in that room and then did not parse (it is read the usual
   * way, for its own message). Without it the room is not written to.
   */
  reread?: () => Uint8Array;
}

/**
 * {@link readDocument} on an uploaded file's bytes, with JSON lines read as a stream of lines: when the file's
 * first line is a whole JSON object and more follows, each line is decoded (UTF-8, invalid bytes as U+FFFD, like
 * the whole-file decode) and parsed straight from the bytes, so the file's text is never built as one string — an
 * 80 MB JSONL upload would otherwise be held once more as text (twice, when a single character outside Latin-1
 * makes V8 store it two bytes a character) and again as its split lines. One JSON document is parsed from its
 * bytes as ASCII text, its other characters escaped (asciiJsonText), so it is read as one-byte text too. Anything
 * else (a document that does not parse, a one-line file that is not an object or array, a first line that is not an
 * object) is decoded whole and read by {@link readDocument}. Same documents, same errors and line numbers (counted,
 * as there, from the first line with content).
 */
export function readDocumentBytes(input: Uint8Array, format: string | null = null, options: ReadBytesOptions = {}): TranscriptDocument {
  const length = options.length ?? input.length;
  const bytes = input.subarray(0, length);
  // a leading BOM stays in a text decoded whole, as in `readFileSync(file, "utf8")`: readDocument strips it itself and
  // counts it in its "empty file" message (a file holding only a BOM is not "0 bytes")
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const start = firstContent(bytes, 0);
  const firstEnd = start < 0 ? -1 : bytes.indexOf(NEWLINE, start);
  // the room past `length` is written to only when the file can be read again, should the escaped document not parse
  const escapable = options.reread && input.length > length ? input : bytes;
  const wholeOrText = (): TranscriptDocument =>
    (start >= 0 && readWholeJson({ bytes: escapable, start, length, format })) ||
    readDocument(decoder.decode(escapable === bytes ? bytes : options.reread!()), format);
  if (firstEnd < 0 || firstContent(bytes, firstEnd + 1) < 0) return wholeOrText();
  const firstText = lineText(decoder, bytes, start, firstEnd);
  const first = tryParse(firstText);
  if (!first.ok || typeof first.value !== "object" || first.value === null || Array.isArray(first.value)) return wholeOrText();

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
 * The document when the bytes from `start` (the first content) to `length` parse as one JSON object or array, read as
 * ASCII text (asciiJsonText, escaping in place when `bytes` has room past `length`); null otherwise, for the caller
 * to read the file the usual way.
 */
function readWholeJson(input: { bytes: Uint8Array; start: number; length: number; format: string | null }): TranscriptDocument | null {
  const { bytes, start, length } = input;
  if (bytes[start] !== 0x7b && bytes[start] !== 0x5b) return null; // "{" or "["
  let last = length - 1;
  while (last > start && isJsonWhitespace(bytes[last])) last--;
  const oneLine = bytes.subarray(start, last + 1).indexOf(NEWLINE) < 0;
  // bytes bound the trimmed text's length in characters: at worst the depth is checked when it need not be
  const mayNestDeep = lengthMayNestTooDeep(last + 1 - start);
  const text = asciiJsonText(bytes, start, length);
  const parsed = text === null ? null : tryParse(text);
  if (!parsed?.ok || typeof parsed.value !== "object" || parsed.value === null) return null;
  return wholeDocument({ value: parsed.value, oneLine, mayNestTooDeep: mayNestDeep, format: input.format });
}

export function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/**
 * The text of bytes [from, end), without a line's closing carriage return. A line of ASCII only (most lines) is
 * copied as Latin-1, which for those bytes is the same text as the UTF-8 decode, at about half its cost.
 */
export function lineText(decoder: TextDecoder, bytes: Uint8Array, from: number, end: number): string {
  const line = bytes.subarray(from, end > from && bytes[end - 1] === 0x0d ? end - 1 : end);
  return isAscii(line) ? Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString("latin1") : decoder.decode(line);
}

/** Index of the first byte at or after `from` that is not a UTF-8 byte-order mark or JSON whitespace; -1 if none. */
function firstContent(bytes: Uint8Array, from: number): number {
  for (let index = from; index < bytes.length; index++) {
    const byte = bytes[index];
    if (isJsonWhitespace(byte)) continue;
    if (index === 0 && byte === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      index += 2;
      continue;
    }
    return index;
  }
  return -1;
}
