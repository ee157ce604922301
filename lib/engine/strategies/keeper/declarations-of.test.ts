import { describe, expect, it } from "vitest";
import { declarationsOf } from "./declarations-of";

describe("declarationsOf", () => {
  it.each([
    {
      name: "TypeScript: exported and top-level declarations, class members and parameter properties, no body",
      path: "src/theme/theme.ts",
      output: [
        '     1→import chalk from "chalk";',
        '     2→export type ThemeBg = "userMessageBg" | "toolPendingBg";',
        "     3→export function loadTheme(name: string, mode?: ColorMode): Theme {",
        "     4→\tconst resolved = resolveVars(name);",
        "     5→\tif (!resolved) {",
        "     6→\t\treturn fallback;",
        "     7→\t}",
        "     8→}",
        "     9→export class Loader extends Text {",
        "    10→\tpublic onShiftTab?: () => void;",
        "    11→\tprivate frames = 0;",
        "    12→\tconstructor(",
        "    13→\t\tprivate spinnerColorFn: (str: string) => string,",
        "    14→\t\tmessage: string,",
        "    15→\t) {}",
        "    16→\trender(width: number): string[] {",
        "    17→\t\tconst lines: string[] = [];",
        "    18→\t}",
        "    19→}",
        "    20→interface DefaultTextStyle {",
        "    21→\tcolor?: (text: string) => string;",
        "    22→}",
      ].join("\n"),
      expected: [
        'type ThemeBg = "userMessageBg" | "toolPendingBg"',
        "function loadTheme(name: string, mode?: ColorMode): Theme",
        "class Loader extends Text",
        "public onShiftTab?: () => void",
        "private frames = 0",
        "private spinnerColorFn: (str: string) => string",
        "render(width: number): string[]",
        "interface DefaultTextStyle",
        "color?: (text: string) => string",
      ],
    },
    {
      name: "Python and Rust: definitions and methods one level in, statements left out (cat -n numbering)",
      path: "pkg/module.py",
      output: ["     1\tclass Reader:", "     2\t    def read(self, path):", "     3\t        return open(path).read()", "     4\t", "     5\tdef main():", "     6\t    if True:", "     7\tpub fn parse(input: &str) -> Result<Ast> {", "     8\t# a comment, not a heading"].join("\n"),
      expected: ["class Reader:", "def read(self, path):", "def main():", "pub fn parse(input: &str) -> Result<Ast>"],
    },
    {
      name: "configuration: scalar keys, JSON keys unquoted, objects and arrays left out",
      path: "theme/dark.json",
      output: ['{', '\t"name": "dark",', '\t"vars": {', '\t\t"blue": "#0087ff",', '\t\t"darkGreen": "#008800",', "\t\t\"size\": 12", "\t},", '\t"list": ["a", "b"]', "}"].join("\n"),
      expected: ['name: "dark"', 'blue: "#0087ff"', 'darkGreen: "#008800"', "size: 12"],
    },
    {
      name: "Markdown: headings (a # line is a heading only in a Markdown file) and YAML-like settings",
      path: "docs/theme.md",
      output: ["# Themes", "", "Every theme must define all tokens.", "## Custom Themes", "    # indented: code, not a heading", "theme: dark"].join("\n"),
      expected: ["# Themes", "## Custom Themes", "theme: dark"],
    },
  ])("$name", ({ path, output, expected }) => {
    expect(declarationsOf(output, { path })).toEqual(expected);
  });

  it("keeps each declaration once and cuts a long one", () => {
    const long = `export const TABLE = ${"x".repeat(200)};`;
    const found = declarationsOf([long, long, "export const A = 1;"].join("\n"), { path: "a.ts" });
    expect(found).toHaveLength(2);
    expect(found[0]).toHaveLength(121);
    expect(found[0].endsWith("…")).toBe(true);
    expect(found[1]).toBe("const A = 1");
  });
});
