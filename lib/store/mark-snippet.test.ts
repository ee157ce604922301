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

  it("shows a hit that starts inside the stretch whole, and ends the stretch at a word's end", () => {
    const body = "see docs/theme.md and docs/theme.md again and again";
    // 24 characters from the first hit end inside the second ("docs/theme."): it is shown whole
    expect(markSnippet({ body, phrases: [["theme", "md"]], before: 0, length: 24 })).toEqual([
      { text: "…", hit: false },
      { text: "theme.md", hit: true },
      { text: " and docs/", hit: false },
      { text: "theme.md", hit: true },
      { text: "…", hit: false },
    ]);
    expect(markSnippet({ body, phrases: [["see"]], before: 0, length: 38 }).at(-1)).toEqual({ text: " docs/theme.md and docs/theme.md again…", hit: false });
  });

  it("matches diacritics folded, as SQLite does", () => {
    expect(markSnippet({ body: "un Café crème", phrases: [["cafe"]] }).filter((segment) => segment.hit)).toEqual([{ text: "Café", hit: true }]);
  });

  it("gives the message's start, unmarked, when the phrase is not there", () => {
    expect(markSnippet({ body: "nothing to see", phrases: [["absent"]] })).toEqual([{ text: "nothing to see", hit: false }]);
  });
});
