import { describe, expect, it } from "vitest";
import { isSlashedPath, termsOf } from "./session-terms";

describe("termsOf", () => {
  // termsOf sends only a term ending in `.:!?` through its edge-punctuation regex: every case must split and trim as
  // the regex alone would
  it.each([
    ["Fixed src/app.ts. Then ran `npm test`!", ["Fixed", "src/app.ts", "Then", "ran", "npm", "test"]],
    ["Why? Because: it failed...", ["Why", "Because", "it", "failed"]],
    ["?!. :: ...", []],
    ["v1.2.3 and 10:30 and a:b:", ["v1.2.3", "and", "10:30", "and", "a:b"]],
    ["", []],
    ["(see #42) @scope/pkg, x=1; “quoted.”", ["see", "#42", "@scope/pkg", "x", "1", "quoted"]],
  ])("%j", (text, expected) => {
    expect(termsOf(text)).toEqual(expected);
    expect(termsOf(text)).toEqual(text.split(/[\s()[\]{}<>"'`,;|=*\u2018\u2019\u201C\u201D]+/).map((raw) => raw.replace(/[.:!?]+$/, "")).filter(Boolean));
  });
});

describe("isSlashedPath", () => {
  // a term without `/` or `\\` is answered before it is split: these are its answers with the split alone
  it.each([
    ["src/auth/login.ts", true],
    ["/repo/a.py", true],
    ["./README.md", false], // a segment needs a letter or digit
    ["C:\\x\\y.cs", false], // `:` is not a segment's character
    ["x\\y.cs", true],
    ["login.ts", false],
    ["console.log", false],
    ["https://example.com/a/b.html", false],
    ["src/auth", false],
    ["a//b.ts", false],
    ["", false],
  ])("%s → %s", (term, expected) => {
    expect(isSlashedPath(term)).toBe(expected);
  });
});
