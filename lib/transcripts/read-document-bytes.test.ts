import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { reusedBufferChunks } from "../testing/reused-buffer-chunks";
import { hasSharedTranscripts, listSharedTranscripts, sharedTranscript, SHARED_SKIP_REASON } from "../testing/shared-transcripts";
import { ImportError } from "./import-error";
import { readDocument } from "./read-document";
import { readDocumentBytes } from "./read-document-bytes";
import { readDocumentChunks } from "./read-document-chunks";

/** What reading gives: the document, or the ImportError's fields. */
function outcome(read: () => unknown) {
  try {
    return { document: read() };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    return { error: { code: error.code, message: error.message, issues: error.issues, format: error.format } };
  }
}

/**
 * readDocumentBytes gives what readDocument gives on the decoded text: on the bytes alone, and on the bytes with room
 * after them to escape in (then written to, and read again through `reread` when they do not parse).
 */
function expectSameAsText(bytes: Uint8Array, format: string | null = null) {
  // the text as `readFileSync(file, "utf8")` gives it: a leading BOM kept
  const fromText = outcome(() => readDocument(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), format));
  expect(outcome(() => readDocumentBytes(bytes, format))).toEqual(fromText);
  for (const room of [0, 8, 4_096]) {
    const roomy = new Uint8Array(bytes.length + room).fill(0x41);
    roomy.set(bytes);
    expect(outcome(() => readDocumentBytes(roomy, format, { length: bytes.length, reread: () => bytes.slice() }))).toEqual(fromText);
  }
  // read in chunks (readDocumentChunks): lines and characters cut at every chunk boundary (a big file: at a few)
  for (const size of bytes.length > 100_000 ? [65_536] : [1, 2, 3, 7, 64, 4_096]) {
    const chunks = () => Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
    expect(outcome(() => readDocumentChunks(chunks, format)), `chunks of ${size}`).toEqual(fromText);
    expect(outcome(() => readDocumentChunks(reusedBufferChunks(bytes, size), format)), `chunks of ${size} read into one buffer`).toEqual(fromText);
  }
  return fromText;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("readDocumentBytes: the same documents and errors as readDocument on the decoded text", () => {
  it.each([
    ["JSON lines", '{"type":"a","n":1}\n{"type":"b","n":2}\n'],
    ["CRLF line ends", '{"type":"a"}\r\n{"type":"b"}\r\n'],
    ["blank and whitespace lines between", '{"type":"a"}\n\n   \n\t\n{"type":"b"}'],
    ["leading blank lines and a BOM (lines counted from the first with content)", '\uFEFF\n\n  {"type":"a"}\n{"broken\n{"type":"c"}'],
    ["broken lines, each named", '{"type":"a"}\n{nope\n{"type":"c"}\n[1,\n'],
    ["a later line that is not an object", '{"type":"a"}\n42\n"text"\n[1,2]'],
    ["multi-byte characters and an emoji", '{"text":"naïve — ✓ 🚀"}\n{"text":"日本語"}'],
    ["one JSON document on one line", '{"messages":[{"role":"user","content":"hi"}]}\n'],
    ["a one-line JSONL entry", '{"type":"session","id":"x"}'],
    ["pretty-printed JSON", '{\n  "messages": [\n    {"role": "user", "content": "hi"}\n  ]\n}\n'],
    ["a first line that is an array", '[1,2]\n{"type":"a"}'],
    ["empty", ""],
    ["whitespace only", " \n\t\r\n"],
    ["a BOM only", "\uFEFF"],
    ["not JSON at all", "hello\nworld"],
    ["a line nested too deep", `{"type":"a"}\n{"deep":${deep(600)}}`],
    ["one JSON document with characters outside ASCII", '{"messages":[{"role":"user","content":"naïve — ✓ 🚀 日本語"}]}'],
    ["a pretty-printed document with them, a BOM before", '\uFEFF{\n  "messages": [\n    {"role": "user", "content": "é\\n✓ \\"🚀\\""}\n  ]\n}\n'],
    ["an escaped backslash before one (valid)", '{"messages":[{"role":"user","content":"a\\\\é"}]}'],
    ["an escaping backslash before one (invalid JSON)", '{"messages":[{"role":"user","content":"a\\é"}]}'],
    ["one outside a string (invalid JSON)", '{"messages":[]}é'],
    ["a key outside ASCII", '{"ключ":"значение","type":"x"}'],
    ["a document nested too deep, with one", `{"text":"é","deep":${deep(1_100)}}`],
    ["a one-line entry with one", '{"type":"session","id":"é"}'],
  ])("%s", (_name, text) => {
    expectSameAsText(utf8(text));
    expectSameAsText(utf8(text), "claude-code");
  });

  it("invalid UTF-8 bytes become U+FFFD in a line, as in the whole-file decode", () => {
    const bytes = new Uint8Array([...utf8('{"type":"a","text":"'), 0xff, 0xfe, ...utf8('"}\n{"type":"b"}')]);
    const { document } = expectSameAsText(bytes) as { document: { kind: string; lines: { value: { text?: string } }[] } };
    expect(document.kind).toBe("jsonl");
    expect(document.lines[0].value.text).toBe("\uFFFD\uFFFD");
  });

  it("invalid UTF-8 bytes in one JSON document become U+FFFD, as in the whole-file decode", () => {
    const bytes = new Uint8Array([...utf8('{"messages":[{"role":"user","content":"a'), 0xff, 0xc3, 0x28, 0xe2, 0x82, ...utf8('z"}]}')]);
    const { document } = expectSameAsText(bytes) as { document: { kind: string; value: { messages: { content: string }[] } } };
    expect(document.kind).toBe("json");
    // 0xff; 0xc3 before a byte that does not continue it; 0xe2 0x82 cut short: one U+FFFD each, "(" kept
    expect(document.value.messages[0].content).toBe("a\uFFFD\uFFFD(\uFFFDz");
  });

  it.skipIf(!hasSharedTranscripts)(`every shared transcript reads the same (${hasSharedTranscripts ? "../shared present" : SHARED_SKIP_REASON})`, () => {
    for (const relativePath of listSharedTranscripts()) expectSameAsText(new Uint8Array(fs.readFileSync(sharedTranscript(relativePath))));
  });
});
