import { describe, expect, it } from "vitest";
import { markSnippet } from "./mark-snippet";

describe("markSnippet", () => {
  it("marks every occurrence of a phrase, its tokens consecutive, case aside", () => {
    expect(markSnippet({ body: "Read lib/store/db.ts then LIB/STORE/DB.TS again", phrases: [["lib", "store", "db", "ts"]] })).toEqual([
      { text: "Read ", hit: false },
      { text: "lib/store/db.ts", hit: true },
      { text: " then ", hit: false },
      { text: "LIB/STORE/DB.TS", hit: true },
      { text: " again", hit: false },
    ]);
  });

  it("does not mark the phrase's words out of order, nor a word inside a longer one", () => {
    expect(markSnippet({ body: "db store lib; libs store db", phrases: [["store", "db"]] })).toEqual([
      { text: "db store lib; libs ", hit: false },
      { text: "store db", hit: true },
    ]);
  });

  it("cuts around the first hit at a word's start, marks the cuts, and collapses whitespace", () => {
    const body = `${"alpha beta\n\n".repeat(50)}the needle sits here ${"gamma delta ".repeat(50)}`;
    const segments = markSnippet({ body, phrases: [["needle"]], before: 20, length: 60 });
    expect(segments[0].text.startsWith("…")).toBe(true);
    expect(segments[0].text).not.toMatch(/…[a-z]*[^a-z ]/);
    expect(segments.find((segment) => segment.hit)?.text).toBe("needle");
    expect(segments.at(-1)!.text.endsWith("…")).toBe(true);
    expect(segments.map((segment) => segment.text).join("")).not.toContain("\n");
  });

  it("matches diacritics folded, as SQLite does", () => {
    expect(markSnippet({ body: "un Café crème", phrases: [["cafe"]] }).filter((segment) => segment.hit)).toEqual([{ text: "Café", hit: true }]);
  });

  it("gives the message's start, unmarked, when the phrase is not there", () => {
    expect(markSnippet({ body: "nothing to see", phrases: [["absent"]] })).toEqual([{ text: "nothing to see", hit: false }]);
  });
});
