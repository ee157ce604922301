import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- an ES module of the build scripts, without type declarations
import { asciiOnly } from "./build-cli.mjs";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-build-cli-"));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** Writes `source` as a bundle, runs asciiOnly over it, returns what it left (or throws what it threw). */
function rewritten(source: string): string {
  const file = path.join(directory, `bundle-${Math.random().toString(36).slice(2)}.cjs`);
  fs.writeFileSync(file, source);
  asciiOnly(file);
  return fs.readFileSync(file, "utf8");
}

const run = (source: string) => vm.runInNewContext(`(function () { ${source} })()`) as unknown;

describe("the CLI bundle is written as ASCII (build-cli.mjs asciiOnly)", () => {
  it("escapes comments and regular expressions, which then match exactly what they matched", () => {
    const source = [
      "// a note — with a dash",
      "/** … and a doc comment */",
      "const arrow = /^\\d+(?:→|:|\\t)\\s*/;",
      "const bullets = /^(?:[-*•>]|\\d+[.)])\\s+/;",
      "const astral = /^😀+$/u;",
      'return [arrow.test("12→x"), arrow.test("12-x"), "12→ rest".replace(arrow, ""), bullets.test("• item"), astral.test("😀😀"), astral.test("😀x")];',
    ].join("\n");
    const ascii = rewritten(source);
    expect(/[^\x00-\x7f]/.test(ascii)).toBe(false);
    expect(ascii).toContain("\\u2192");
    expect(run(ascii)).toEqual(run(source));
    expect(run(source)).toEqual([true, false, "rest", true, true, false]);
  });

  it("leaves an ASCII bundle as it is, and refuses what it cannot escape safely", () => {
    expect(rewritten("const plain = /a|b/; // plain\n")).toBe("const plain = /a|b/; // plain\n");
    // a template's raw text (String.raw keeps escapes as written), an identifier, a regular expression's identity escape
    expect(() => rewritten("const raw = String.raw`→`;")).toThrow(/outside a comment, a string or a regular expression/);
    expect(() => rewritten("const café = 1;")).toThrow(/outside a comment, a string or a regular expression/);
    expect(() => rewritten("const escaped = /\\→/;")).toThrow(/after a backslash/);
    expect(() => rewritten("const escaped = \"\\é\";")).toThrow(/after a backslash/);
  });
});
