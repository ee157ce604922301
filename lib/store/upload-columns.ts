import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The Upload row of a raw file as received: gzipped (agent logs are repetitive JSON and compress well), with the
 * original size and SHA-256 so a stored file can be checked against the one a user still has.
 */
export async function uploadColumns(bytes: Uint8Array): Promise<{ encoding: string; size: number; sha256: string; bytes: Uint8Array<ArrayBuffer> }> {
  return {
    encoding: "gzip",
    size: bytes.byteLength,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes: new Uint8Array(await gzipAsync(bytes)),
  };
}

/** The raw file of a stored Upload row, as it was received (a row not gzipped is read as stored). */
export async function uploadBytes(upload: { encoding: string; bytes: Uint8Array }): Promise<Uint8Array> {
  return upload.encoding === "gzip" ? new Uint8Array(await gunzipAsync(upload.bytes)) : upload.bytes;
}
