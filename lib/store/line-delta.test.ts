import { describe, expect, it } from "vitest";
import { applyLineDelta, lineDelta } from "./line-delta";

const SECTION = Array.from({ length: 12 }, (_, index) => `- a line long enough to be worth a copy, number ${index}`);

describe("lineDelta / applyLineDelta", () => {
  it.each([
    ["empty from empty", "", ""],
    ["empty base", "", "one\ntwo"],
    ["the same text", SECTION.join("\n"), SECTION.join("\n")],
    ["lines appended to a section and a new section", ["## Goal", ...SECTION, "## Done", ...SECTION.slice(3)].join("\n"), ["## Goal", ...SECTION, "- new goal line", "## Done", ...SECTION.slice(3), "- done too", "## Next", "x"].join("\n")],
    ["lines dropped from the middle", SECTION.join("\n"), [...SECTION.slice(0, 4), ...SECTION.slice(8)].join("\n")],
    ["repeated lines, reordered", [...SECTION, ...SECTION].join("\n"), [...SECTION.slice(6), ...SECTION.slice(0, 6), ""].join("\n")],
    ["trailing newline and blank lines", `${SECTION.join("\n")}\n`, `\n\n${SECTION.join("\n")}\n\n`],
    ["nothing in common", SECTION.join("\n"), "a\nb\nc"],
  ])("%s: decodes to the text exactly", (_name, base, next) => {
    const baseLines = base.split("\n");
    expect(applyLineDelta(baseLines, lineDelta(baseLines, next))).toBe(next);
  });

  it("copies the lines the base has (a grown section costs its new lines, not the whole text)", () => {
    const base = ["## Goal", ...SECTION].join("\n");
    const next = `${base}\n- one more`;
    const ops = lineDelta(base.split("\n"), next);
    expect(ops).toEqual([[0, SECTION.length + 1], "- one more"]);
  });

  it("refuses a copy outside its base", () => {
    expect(() => applyLineDelta(["a"], [[0, 2]])).toThrow(RangeError);
    expect(() => applyLineDelta(["a"], [[-1, 1]])).toThrow(RangeError);
  });
});
