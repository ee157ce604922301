import { describe, expect, it } from "vitest";
import { paretoFrontier } from "./pareto-frontier";

describe("paretoFrontier (more retention, fewer tokens)", () => {
  it("keeps the points no other beats on both axes, and names a dominator for the rest", () => {
    const result = paretoFrontier([
      { id: "none", retention: 1, cost: 1_000 },
      { id: "evidence", retention: 0.98, cost: 120 },
      { id: "pi", retention: 0.78, cost: 400 }, // evidence is better and cheaper
      { id: "trim", retention: 0.17, cost: 90 }, // cheapest
      { id: "masking", retention: 0.91, cost: 480 }, // evidence dominates
      { id: "codex", retention: 0.98, cost: 300 }, // same retention as evidence, dearer
    ]);
    expect([...result.frontier].sort()).toEqual(["evidence", "none", "trim"]);
    expect(result.line.map((point) => point.id)).toEqual(["trim", "evidence", "none"]);
    expect(Object.fromEntries(result.dominatedBy)).toEqual({ pi: "evidence", masking: "evidence", codex: "evidence" });
    expect(result.excluded).toEqual([]);
  });

  it("equal points are both on the frontier; a cheaper point with the same retention dominates a dearer one", () => {
    const result = paretoFrontier([
      { id: "a", retention: 0.9, cost: 100 },
      { id: "b", retention: 0.9, cost: 100 },
      { id: "c", retention: 0.9, cost: 101 },
    ]);
    expect([...result.frontier].sort()).toEqual(["a", "b"]);
    expect(result.dominatedBy.get("c")).toBe("a");
  });

  it("excludes a point without a retention score or a cost, saying why", () => {
    const result = paretoFrontier([
      { id: "scored", retention: 0.5, cost: 10 },
      { id: "unscored", retention: null, cost: 5 },
      { id: "uncosted", retention: 0.7, cost: null },
    ]);
    expect([...result.frontier]).toEqual(["scored"]);
    expect(result.excluded).toEqual([
      { id: "unscored", reason: "no retention score (no probe counted)" },
      { id: "uncosted", reason: "no token figure" },
    ]);
  });
});
