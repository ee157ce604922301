import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { generateSession } from "../generator/generate-session";
import { toClaudeCodeJsonl } from "../generator/to-claude-code-jsonl";
import { uploadColumnsOfFile } from "./upload-columns-of-file";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-upload-columns-"));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe("uploadColumnsOfFile", () => {
  it.each([
    ["empty", ""],
    ["under one read", "{\"type\":\"user\"}\n"],
    ["several reads of one reused buffer", toClaudeCodeJsonl(generateSession({ seed: 3, messages: 1_500 }))],
  ])("%s: the file's gzip, which gunzips to the file byte for byte", async (name, text) => {
    const file = path.join(directory, `${name}.jsonl`);
    fs.writeFileSync(file, text);
    const size = fs.statSync(file).size;
    const columns = await uploadColumnsOfFile({ path: file, size, sha256: "given" });
    expect(columns).toMatchObject({ encoding: "gzip", size, sha256: "given" });
    expect(Buffer.from(gunzipSync(columns.bytes)).equals(fs.readFileSync(file))).toBe(true);
    if (name.startsWith("several")) expect(size).toBeGreaterThan(2 * 1024 * 1024);
  });

  it("a file that is gone: the read's error", async () => {
    await expect(uploadColumnsOfFile({ path: path.join(directory, "gone.jsonl"), size: 0, sha256: "" })).rejects.toThrow(/ENOENT/);
  });
});
