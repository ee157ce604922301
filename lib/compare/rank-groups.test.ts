import { describe, expect, it } from "vitest";
import { ordinal, rankGroups } from "./rank-groups";

describe("rankGroups", () => {
  it("ties settings whose intervals overlap the group's best, and ranks the rest after them", () => {
    const ranks = rankGroups([
      { id: 0, figure: 0.8, low: 0.75, high: 0.85 },
      { id: 1, figure: 0.93, low: 0.91, high: 0.95 },
      { id: 2, figure: 0.92, low: 0.89, high: 0.96 },
      { id: 3, figure: null },
      { id: 4, figure: 0.5, low: 0.45, high: 0.55 },
    ]);
    expect(ranks.get(1)).toEqual({ place: 1, tied: true, label: "tied 1st" });
    expect(ranks.get(2)).toEqual({ place: 1, tied: true, label: "tied 1st" });
    expect(ranks.get(0)).toEqual({ place: 3, tied: false, label: "3rd" });
    expect(ranks.get(4)).toEqual({ place: 4, tied: false, label: "4th" });
    expect(ranks.get(3)).toBeNull();
  });

  it("does not chain: a group is measured against its best setting only", () => {
    const ranks = rankGroups([
      { id: 0, figure: 0.9, low: 0.85, high: 0.95 },
      { id: 1, figure: 0.84, low: 0.8, high: 0.86 },
      { id: 2, figure: 0.79, low: 0.7, high: 0.83 },
    ]);
    expect([0, 1, 2].map((id) => ranks.get(id)?.label)).toEqual(["tied 1st", "tied 1st", "3rd"]);
  });

  it("treats a figure without an interval as a point", () => {
    const ranks = rankGroups([{ id: 0, figure: 0.9 }, { id: 1, figure: 0.9 }, { id: 2, figure: 0.7 }]);
    expect([0, 1, 2].map((id) => ranks.get(id)?.label)).toEqual(["tied 1st", "tied 1st", "3rd"]);
  });

  it.each([[1, "1st"], [2, "2nd"], [3, "3rd"], [4, "4th"], [11, "11th"], [12, "12th"], [13, "13th"], [21, "21st"], [102, "102nd"]])("ordinal(%i) = %s", (value, text) => {
    expect(ordinal(value)).toBe(text);
  });
});
