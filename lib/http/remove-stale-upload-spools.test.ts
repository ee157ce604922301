import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeStaleUploadSpools, STALE_SPOOL_MS } from "./remove-stale-upload-spools";

let directory: string;
const NOW = Date.parse("2026-11-28T00:00:00Z");

beforeEach(async () => {
  directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), "spools-test-"));
});
afterEach(async () => {
  await fs.promises.rm(directory, { recursive: true, force: true });
});

/** a folder with one file, the folder and the file last written `folderAge` / `fileAge` ms before NOW */
async function spool(name: string, ages: { folder: number; file?: number }): Promise<string> {
  const folder = path.join(directory, name);
  await fs.promises.mkdir(folder);
  const file = path.join(folder, "upload");
  await fs.promises.writeFile(file, "{}\n");
  const at = (age: number) => new Date(NOW - age);
  await fs.promises.utimes(file, at(ages.file ?? ages.folder), at(ages.file ?? ages.folder));
  await fs.promises.utimes(folder, at(ages.folder), at(ages.folder));
  return folder;
}

describe("removeStaleUploadSpools", () => {
  it("removes spool folders untouched for a day and leaves younger ones, other folders and files", async () => {
    const stale = await spool("lab-upload-old", { folder: STALE_SPOOL_MS + 60_000 });
    const young = await spool("lab-upload-new", { folder: 60_000 });
    const stillWritten = await spool("lab-upload-writing", { folder: STALE_SPOOL_MS + 60_000, file: 1_000 });
    const other = await spool("someone-else", { folder: STALE_SPOOL_MS * 3 });
    await fs.promises.writeFile(path.join(directory, "lab-upload-file"), "not a folder");

    expect(await removeStaleUploadSpools({ directory, now: NOW })).toEqual([stale]);
    expect(fs.existsSync(stale)).toBe(false);
    for (const kept of [young, stillWritten, other, path.join(directory, "lab-upload-file")]) expect(fs.existsSync(kept)).toBe(true);
  });

  it("takes another age and finds nothing in a missing directory", async () => {
    const folder = await spool("lab-upload-hour", { folder: 2 * 60 * 60_000 });
    expect(await removeStaleUploadSpools({ directory, now: NOW, olderThanMs: 60 * 60_000 })).toEqual([folder]);
    expect(await removeStaleUploadSpools({ directory: path.join(directory, "missing"), now: NOW })).toEqual([]);
  });
});
