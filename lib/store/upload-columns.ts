import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { constants, gunzip, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The Upload row's columns for a raw file. */
export interface UploadColumns {
  encoding: string;
  size: number;
  sha256: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Output buffer of the gzip: zlib hands each full buffer back to the main thread before it goes on, so with the
 * default 16 KB a 35 MB upload took hundreds of round trips and stalled whenever the main thread was busy (an
 * import). Up to 8 MB, most uploads compress in one piece of thread-pool work that runs beside the import.
 */
const MAX_GZIP_CHUNK = 8 * 1024 * 1024;

/**
 * The Upload row of a raw file as received: gzipped (agent logs are repetitive JSON and compress well), with the
 * original size and SHA-256 so a stored file can be checked against the one a user still has. The gzip runs on
 * libuv's thread pool: a caller that starts this before importing the file (importUpload) has it done meanwhile.
 */
export async function uploadColumns(bytes: Uint8Array, knownSha256?: string): Promise<UploadColumns> {
  const gzipped = gzipAsync(bytes, { chunkSize: Math.max(constants.Z_DEFAULT_CHUNK, Math.min(bytes.byteLength, MAX_GZIP_CHUNK)) });
  const sha256 = knownSha256 ?? sha256Of(bytes);
  return { encoding: "gzip", size: bytes.byteLength, sha256, bytes: new Uint8Array(await gzipped) };
}

/** The hex SHA-256 of a raw file, as its Upload row keeps it (and as a duplicate upload is found by). */
export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The raw file of a stored Upload row, as it was received (a row not gzipped is read as stored). */
export async function uploadBytes(upload: { encoding: string; bytes: Uint8Array }): Promise<Uint8Array> {
  return upload.encoding === "gzip" ? new Uint8Array(await gunzipAsync(upload.bytes)) : upload.bytes;
}
