import { describe, expect, it } from "vitest";
import { forEachWord, wordSet, wordsOf } from "./continuation-recognizers";

describe("forEachWord", () => {
  it.each([
    ["", []],
    ["plain words only", ["plain", "words", "only"]],
    ["edit src/parse_rows.py then run `npm test`.", ["edit", "src/parse_rows.py", "src", "parse_rows", "py", "then", "run", "npm", "test"]],
    ["C:\\repo\\a.cs: error TS2345!", ["C:\\repo\\a.cs", "C", "repo", "a", "cs", "error", "TS2345"]],
    ["--max-output-tokens=64k; v1.2.3 (#42)", ["--max-output-tokens", "max", "output", "tokens", "64k", "v1.2.3", "v1", "2", "3", "#42"]],
    ["a.b.a ... ::", ["a.b.a", "a", "b", "a"]],
  ])("visits wordsOf's words of %j, in order", (text, expected) => {
    const visited: string[] = [];
    forEachWord(text, (word) => visited.push(word));
    expect(visited).toEqual(wordsOf(text));
    expect(visited).toEqual(expected);
  });

  it("visits, lower-cased, the members of wordSet", () => {
    const text = "Fix `RowBatcher.flush()` in lib/Rows/batcher.ts — ENOENT on /tmp/x.JSON";
    const visited = new Set<string>();
    forEachWord(text.toLowerCase(), (word) => visited.add(word));
    expect(visited).toEqual(wordSet(text));
  });
});
