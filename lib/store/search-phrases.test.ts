import { describe, expect, it } from "vitest";
import { foldToken, searchPhrases } from "./search-phrases";

describe("searchPhrases", () => {
  it.each([
    ["lib/store/db.ts", [["lib", "store", "db", "ts"]]],
    ["  Compaction   THRESHOLD ", [["compaction"], ["threshold"]]],
    ['"npm run build" --watch', [["npm", "run", "build"], ["watch"]]],
    ['"unterminated phrase', [["unterminated", "phrase"]]],
    ['x OR y NEAR(a b) "*" ^ -', [["x"], ["or"], ["y"], ["near", "a"], ["b"]]],
    ["café café", [["café"]]],
    ["/// -- **", []],
  ])("%j → %j", (query, phrases) => {
    expect(searchPhrases(query)).toEqual(phrases);
  });

  it("folds case and diacritics as SQLite's unicode61 tokenizer does", () => {
    expect(foldToken("CAFÉ")).toBe("cafe");
    expect(foldToken("Straße")).toBe("straße");
  });
});
