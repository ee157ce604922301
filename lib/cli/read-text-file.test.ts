import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTextFile } from "./read-text-file";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "read-text-file-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("readTextFile", () => {
  it.each([
    { name: "an empty file", bytes: [] },
    { name: "a BOM only", bytes: [0xef, 0xbb, 0xbf] },
    { name: "a BOM before JSON", bytes: [0xef, 0xbb, 0xbf, ...Buffer.from('{"a":1}')] },
    { name: "non-ASCII text", bytes: [...Buffer.from('["— é 日本 😀"]')] },
    { name: "invalid and truncated sequences", bytes: [0x61, 0xff, 0xc3, 0x28, 0xe2, 0x82, 0xf0, 0x9f, 0x98, 0x62, 0xed, 0xa0, 0x80] },
  ])("reads $name as readFileSync(file, 'utf8') does", ({ name, bytes }) => {
    const file = path.join(folder, `${name.replaceAll(" ", "-")}.txt`);
    fs.writeFileSync(file, Buffer.from(bytes));
    expect(readTextFile(file)).toBe(fs.readFileSync(file, "utf8"));
  });

  it.each([
    { name: "a missing file", file: path.join(folder, "missing.json"), code: "ENOENT" },
    { name: "a folder", file: folder, code: "EISDIR" },
  ])("throws the same error code for $name", ({ file, code }) => {
    expect(() => readTextFile(file)).toThrow(expect.objectContaining({ code }));
  });
});
