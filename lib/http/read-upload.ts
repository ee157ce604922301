import fs from "node:fs";
import { spoolUpload } from "./spool-upload";
import { maxUploadBytes } from "./upload-limits";

export { DEFAULT_MAX_UPLOAD_BYTES, RAW_UPLOAD_TYPES, maxUploadBytes } from "./upload-limits";

export interface Upload {
  bytes: Uint8Array;
  /** the multipart file's name, when the upload was a form */
  filename?: string;
}

/**
 * An uploaded transcript read into memory: {@link spoolUpload} (same content types, caps, gzip and errors), then the
 * spooled file read back whole and removed — one copy of the file in memory, however it was sent. POST
 * /api/sessions keeps the spooled file instead and reads it only to parse it.
 */
export async function readUpload(request: Request, maxBytes = maxUploadBytes()): Promise<Upload> {
  const spooled = await spoolUpload(request, maxBytes);
  try {
    return { bytes: new Uint8Array(await fs.promises.readFile(spooled.path)), filename: spooled.filename };
  } finally {
    await spooled.dispose();
  }
}
