import { describe, expect, it } from "vitest";
import { paretoGroups, paretoLeaders } from "./pareto-groups";

const point = (label: string, cost: number, retention: number, onFrontier = false) => ({ key: label, label, cost, retention, onFrontier });

describe("paretoGroups and paretoLeaders", () => {
  it("groups configurations at the same spot, best quality first, then cheaper", () => {
    // fourteen points, nine of them tied with none at a window they never reach
    const tied = ["none", "vibe", "openclaw", "micro-agent", "nous", "codex", "gemini-cli", "claude-code", "keeper"].map((label) => point(label, 35_100_000, 100, label === "none"));
    const points = [...tied, point("pi", 12_000_000, 91.24, true), point("opencode", 14_000_000, 80), point("trim-messages", 9_000_000, 40.05, true), point("evidence", 20_000_000, 88), point("observation-masking", 20_000_000.4, 88)];
    const groups = paretoGroups(points);
    expect(groups.map((group) => [group.points.length, group.retention])).toEqual([
      [9, 100],
      [1, 91.24],
      [2, 88],
      [1, 80],
      [1, 40.05],
    ]);
    // the frontier's point leads its group, then by label
    expect(groups[0].points.map((entry) => entry.label).slice(0, 3)).toEqual(["none", "claude-code", "codex"]);
    expect(groups[0].onFrontier).toBe(true);
    const leaders = paretoLeaders(groups)!;
    expect(leaders.best.points).toHaveLength(9);
    expect(leaders.cheapest.points.map((entry) => entry.label)).toEqual(["trim-messages"]);
  });

  it("one group that is both the best and the cheapest; nothing without points", () => {
    const groups = paretoGroups([point("a", 1, 90), point("b", 2, 80)]);
    const leaders = paretoLeaders(groups)!;
    expect(leaders.best).toBe(leaders.cheapest);
    expect(paretoLeaders([])).toBeUndefined();
  });
});
