import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { UPLOAD_SPOOL_PREFIX } from "./spool-upload";

/** A spool folder untouched for this long belongs to no upload still going: imports end in minutes. */
export const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the upload spool folders (`lab-upload-*`) a server killed mid-upload left in the temporary directory: those
 * whose folder and files were all last written more than `olderThanMs` ago. Several servers may share the directory,
 * so a younger folder — an upload another process is still spooling or importing — is left alone. Returns the
 * folders removed; one that cannot be read or removed is skipped (the next start tries again).
 */
export async function removeStaleUploadSpools(options: { directory?: string; olderThanMs?: number; now?: number } = {}): Promise<string[]> {
  const directory = options.directory ?? os.tmpdir();
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? STALE_SPOOL_MS);
  const entries = await fs.promises.readdir(directory, { withFileTypes: true }).catch(() => []);
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(UPLOAD_SPOOL_PREFIX)) continue;
    const folder = path.join(directory, entry.name);
    try {
      if ((await lastWritten(folder)) >= cutoff) continue;
      await fs.promises.rm(folder, { recursive: true, force: true });
      removed.push(folder);
    } catch {
      // gone already, or not ours to read: leave it
    }
  }
  return removed;
}

/** The newest modification time of a spool folder and the files in it (a spool holds files only). */
async function lastWritten(folder: string): Promise<number> {
  let newest = (await fs.promises.stat(folder)).mtimeMs;
  for (const name of await fs.promises.readdir(folder)) {
    newest = Math.max(newest, (await fs.promises.stat(path.join(folder, name))).mtimeMs);
  }
  return newest;
}
