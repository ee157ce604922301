import { describe, expect, it } from "vitest";
import { plural } from "./format-number";

describe("plural", () => {
  it.each([
    [0, "0 compactions"],
    [1, "1 compaction"],
    [2, "2 compactions"],
    [1_204, "1,204 compactions"],
  ])("%i → %s", (count, expected) => {
    expect(plural(count, "compaction")).toBe(expected);
  });
});
