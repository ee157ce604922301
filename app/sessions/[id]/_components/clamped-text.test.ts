import { describe, expect, it } from "vitest";
import { CLAMP_CHARS, CLAMP_LINES, clampPoint } from "./clamped-text";

describe("clampPoint", () => {
  it.each([
    ["short text", "hello", null],
    ["exactly the line limit", Array.from({ length: CLAMP_LINES }, () => "x").join("\n"), null],
    ["one line too many", Array.from({ length: CLAMP_LINES + 1 }, () => "x").join("\n"), CLAMP_LINES * 2 - 1],
    ["a long single line", "y".repeat(CLAMP_CHARS + 10), CLAMP_CHARS],
    ["exactly the char limit", "z".repeat(CLAMP_CHARS), null],
  ])("%s", (_name, text, expected) => {
    expect(clampPoint(text)).toBe(expected);
  });
});
