import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "../api/contracts/errors";
import { spoolUpload } from "./spool-upload";

const TRANSCRIPT = Buffer.from('{"type":"user","text":"héllo"}\n{"type":"assistant","text":"hi"}\n'.repeat(50));
const URL_ = "http://lab.test/api/sessions";

/** A body sent in pieces with no Content-Length, as a client that streams does. */
function streamed(bytes: Uint8Array, pieceSize = 100): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
}

function request(body: BodyInit | ReadableStream<Uint8Array>, headers: Record<string, string>): Request {
  return new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

function form(fields: [string, Blob | string, string?][]): Request {
  const data = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === "string") data.append(name, value);
    else data.append(name, value, filename);
  }
  return new Request(URL_, { method: "POST", body: data });
}

const multipartHeaders = { "content-type": "multipart/form-data; boundary=----x" };
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("spoolUpload: the transcript streamed to a temporary file", () => {
  let directory = "";
  let tmpdir: string | undefined;
  beforeAll(() => {
    tmpdir = process.env.TMPDIR;
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "spool-test-"));
    process.env.TMPDIR = directory;
  });
  afterAll(() => {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it.each([
    { sent: "a raw body", request: () => request(TRANSCRIPT, { "content-type": "application/x-ndjson" }), filename: undefined },
    { sent: "a raw body in pieces, no Content-Length", request: () => request(streamed(TRANSCRIPT), { "content-type": "text/plain" }), filename: undefined },
    { sent: "a gzip file as the raw body", request: () => request(gzipSync(TRANSCRIPT), { "content-type": "application/gzip" }), filename: undefined },
    { sent: "Content-Encoding: gzip", request: () => request(gzipSync(TRANSCRIPT), { "content-type": "application/json", "content-encoding": "gzip" }), filename: undefined },
    { sent: "a form's file field among others", request: () => form([["note", "x"], ["other", new Blob(["not it"]), "other.txt"], ["file", new Blob([TRANSCRIPT]), "chat.jsonl"]]), filename: "chat.jsonl" },
    { sent: "a form's .gz file", request: () => form([["file", new Blob([gzipSync(TRANSCRIPT)]), "chät.jsonl.gz"]]), filename: "chät.jsonl" },
  ])("$sent: the file's bytes, size and SHA-256, removed by dispose", async ({ request: make, filename }) => {
    const spooled = await spoolUpload(make(), 1_000_000);
    const bytes = fs.readFileSync(spooled.path);
    await spooled.dispose();
    expect({ size: spooled.size, sha256: spooled.sha256, filename: spooled.filename }).toEqual({ size: TRANSCRIPT.length, sha256: sha256(TRANSCRIPT), filename });
    expect(bytes.equals(TRANSCRIPT)).toBe(true);
    expect(fs.existsSync(spooled.path)).toBe(false);
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  it.each([
    { sent: "another content type", request: () => request("x", { "content-type": "image/png" }), error: UnsupportedMediaTypeError },
    { sent: "another Content-Encoding", request: () => request("x", { "content-type": "text/plain", "content-encoding": "br" }), error: UnsupportedMediaTypeError },
    { sent: "a Content-Length past the cap", request: () => request(TRANSCRIPT, { "content-type": "text/plain" }), max: 100, error: PayloadTooLargeError },
    { sent: "a streamed body past the cap", request: () => request(streamed(TRANSCRIPT), { "content-type": "text/plain" }), max: 1_000, error: PayloadTooLargeError },
    { sent: "a gzip file past the cap decompressed", request: () => request(gzipSync(Buffer.alloc(5_000_000)), { "content-type": "application/gzip" }), max: 1_000_000, error: PayloadTooLargeError },
    { sent: "a form's file past the cap", request: () => form([["file", new Blob([TRANSCRIPT]), "a.jsonl"]]), max: 1_000, error: PayloadTooLargeError },
    { sent: "a form's gzip file past the cap", request: () => form([["file", new Blob([gzipSync(Buffer.alloc(5_000_000))]), "a.gz"]]), max: 1_000_000, error: PayloadTooLargeError },
    { sent: "corrupt gzip", request: () => request(Buffer.concat([gzipSync(TRANSCRIPT).subarray(0, 40), Buffer.alloc(40, 7)]), { "content-type": "application/gzip" }), code: "invalid_gzip" },
    { sent: "corrupt Content-Encoding: gzip", request: () => request(Buffer.from("not gzip at all"), { "content-type": "text/plain", "content-encoding": "gzip" }), code: "invalid_gzip" },
    { sent: "junk as a form", request: () => request(Buffer.from("not a form at all \u0000\u00ff"), multipartHeaders), code: "invalid_multipart" },
    { sent: "a form cut off", request: () => request(Buffer.from('------x\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[{"role":"us'), multipartHeaders), code: "invalid_multipart" },
    { sent: "a form with no boundary", request: () => request(Buffer.from("x"), { "content-type": "multipart/form-data" }), code: "invalid_multipart" },
    { sent: "an empty form", request: () => request(new Uint8Array(0), multipartHeaders), code: "invalid_multipart" },
    { sent: "a form without a file field", request: () => form([["note", "x"]]), error: ZodError },
  ])("$sent: refused, nothing left on disk", async ({ request: make, max, error, code }) => {
    const refused = spoolUpload(make(), max ?? 1_000_000);
    if (code) await expect(refused).rejects.toMatchObject({ constructor: BadRequestError, code });
    else await expect(refused).rejects.toBeInstanceOf(error);
    expect(fs.readdirSync(directory)).toEqual([]);
  });
});
