import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readUserProbesFile } from "./read-user-probes-file";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-probes-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
};

describe("readUserProbesFile", () => {
  it("reads the API's list of user probes, numbering those without an id", () => {
    const file = write("list.json", [{ kind: "text", pattern: "package.json" }, { kind: "regex", pattern: "v\\d+", id: "ver", label: "a version" }]);
    expect(readUserProbesFile({ file, usage: "u" })).toEqual([
      { id: "1", kind: "text", pattern: "package.json" },
      { id: "ver", kind: "regex", pattern: "v\\d+", label: "a version" },
    ]);
  });

  it("reads a hand-written probe set: one regex probe each, alternatives joined, kind and weight in the label", () => {
    const file = write("set.json", {
      transcript: "pi/x.jsonl",
      probes: [
        { id: "ttl", kind: "fact", label: "the cache TTL is 900 s", any: ["ttl.{0,20}900"] },
        { id: "lock", kind: "rule", label: "never touch the lockfile", any: ["never touch the lock ?file", "lockfile is off limits"], weight: 5 },
      ],
    });
    expect(readUserProbesFile({ file, usage: "u" })).toEqual([
      { id: "ttl", kind: "regex", pattern: "ttl.{0,20}900", label: "fact (×2): the cache TTL is 900 s" },
      { id: "lock", kind: "regex", pattern: "(?:never touch the lock ?file)|(?:lockfile is off limits)", label: "rule (×5): never touch the lockfile" },
    ]);
  });

  it.each([
    ["a set with an unknown kind", { transcript: "x", probes: [{ id: "a", kind: "hunch", label: "l", any: ["x"] }] }, /does not fit a probe set .*kind/s],
    ["a set without probes", { transcript: "x", probes: [] }, /does not fit a probe set/],
    ["a set whose regex does not compile", { transcript: "x", probes: [{ id: "a", kind: "fact", label: "l", any: ["foo("] }] }, /entry 0: regex probe "foo\(" does not compile/],
  ])("refuses %s, naming what is wrong", (_, value, message) => {
    expect(() => readUserProbesFile({ file: write(`bad-${Math.random()}.json`, value), usage: "u" })).toThrow(message);
  });
});
