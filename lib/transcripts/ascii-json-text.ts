import { isAscii } from "node:buffer";

const BLOCK = 65_536;
const SCAN = 64;
const BACKSLASH = 0x5c;
const HEX = "0123456789abcdef";

/**
 * The UTF-8 JSON text in `bytes[from, to)` as a string of ASCII only, each character outside ASCII written as a JSON
 * escape (`é` → `\u00e9`, an astral character as its two surrogates), so that `JSON.parse` of it gives the same
 * value as `JSON.parse` of the decoded text whenever that parses; null when that cannot be promised.
 *
 * Why: one character outside Latin-1 anywhere in a file makes V8 store the whole decoded text two bytes a character.
 * A 13 MB transcript holding a handful of them took ~150 ms to decode (TextDecoder) before JSON.parse read twice its
 * bytes; this text is the file's bytes copied as Latin-1, and parses as one-byte text.
 *
 * The same value, because outside ASCII a JSON text can hold characters only inside strings, where the escape means
 * that very character; outside a string the escape is a stray backslash, so a text that did not parse still does not
 * (callers then read the file the usual way, for its own error message). The one place an escape would change the
 * meaning is right after a string's escaping backslash (`"\é"`, invalid, would read as `"\\u00e9"`): a character
 * outside ASCII after an odd run of backslashes gives null. Bytes that are not UTF-8 become U+FFFD as the whole-file
 * decode makes them: each run of bytes outside ASCII is decoded on its own, and a UTF-8 decoder restarts at every
 * ASCII byte (never part of a multi-byte sequence), so the runs decode to the same characters as the whole file.
 *
 * `bytes` past `to` is room the caller gives up: when the escapes fit in it, the text is escaped where it lies (no
 * second copy of a large file to allocate and fault in); otherwise into a new buffer.
 */
export function asciiJsonText(bytes: Uint8Array, from: number, to: number): string | null {
  const runs = nonAsciiRuns(bytes, from, to);
  if (runs.length === 0) return latin1(bytes, from, to);
  const decoder = new TextDecoder("utf-8");
  const decoded: string[] = [];
  let grown = 0;
  for (let index = 0; index < runs.length; index += 2) {
    if (oddBackslashesBefore(bytes, runs[index], from)) return null;
    const text = decoder.decode(bytes.subarray(runs[index], runs[index + 1]));
    decoded.push(text);
    grown += 6 * text.length - (runs[index + 1] - runs[index]);
  }
  const end = to + grown;
  if (end <= bytes.length) {
    escapeInPlace(bytes, runs, decoded, to, end);
    return latin1(bytes, from, end);
  }
  const out = Buffer.allocUnsafe(end - from);
  let at = 0;
  let copied = from;
  for (let index = 0; index < runs.length; index += 2) {
    out.set(bytes.subarray(copied, runs[index]), at);
    at += runs[index] - copied;
    at = writeEscapes(out, at, decoded[index / 2]);
    copied = runs[index + 1];
  }
  out.set(bytes.subarray(copied, to), at);
  return latin1(out, 0, out.length);
}

/** Moves each stretch between runs right by the escapes before it, last first, and writes the escapes in the gaps. */
function escapeInPlace(bytes: Uint8Array, runs: number[], decoded: string[], to: number, end: number): void {
  let tail = to;
  let write = end;
  for (let index = runs.length - 2; index >= 0; index -= 2) {
    const stretch = tail - runs[index + 1];
    write -= stretch;
    bytes.copyWithin(write, runs[index + 1], tail);
    const text = decoded[index / 2];
    write -= 6 * text.length;
    writeEscapes(bytes, write, text);
    tail = runs[index];
  }
}

/**
 * Start and end (flat pairs) of each maximal run of bytes ≥ 0x80 in [from, to). Stretches of pure ASCII are passed
 * over by the native `isAscii`, halving a stretch that holds something else down to a few dozen bytes, so a file
 * with a few characters outside ASCII is not walked byte by byte in JavaScript.
 */
function nonAsciiRuns(bytes: Uint8Array, from: number, to: number): number[] {
  const runs: number[] = [];
  const visit = (start: number, end: number): void => {
    if (isAscii(bytes.subarray(start, end))) return;
    if (end - start > SCAN) {
      const middle = start + ((end - start) >> 1);
      visit(start, middle);
      visit(middle, end);
      return;
    }
    for (let index = start; index < end; index++) {
      if (bytes[index] < 0x80) continue;
      // a run that crossed the end of the stretch before continues here
      if (runs.length > 0 && runs[runs.length - 1] === index) runs[runs.length - 1] = index + 1;
      else runs.push(index, index + 1);
    }
  };
  for (let block = from; block < to; block += BLOCK) visit(block, Math.min(block + BLOCK, to));
  return runs;
}

function oddBackslashesBefore(bytes: Uint8Array, index: number, from: number): boolean {
  let count = 0;
  for (let at = index - 1; at >= from && bytes[at] === BACKSLASH; at--) count++;
  return count % 2 === 1;
}

/** `\uXXXX` for each UTF-16 unit of `text`, from `at`; returns the position after them. */
function writeEscapes(out: Uint8Array, at: number, text: string): number {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    out[at] = BACKSLASH;
    out[at + 1] = 0x75; // "u"
    out[at + 2] = HEX.charCodeAt((unit >> 12) & 15);
    out[at + 3] = HEX.charCodeAt((unit >> 8) & 15);
    out[at + 4] = HEX.charCodeAt((unit >> 4) & 15);
    out[at + 5] = HEX.charCodeAt(unit & 15);
    at += 6;
  }
  return at;
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("latin1");
}
