import { describe, expect, it } from "vitest";
import { placeParetoLabels, type LabelledPoint } from "./place-pareto-labels";

const WIDTH = 900;
const HEIGHT = 260;
const DOMAIN = [1e6, 1e8] as const;

/** The label's box as placeParetoLabels sizes it, in the plot's px. */
function boxOf(point: LabelledPoint, label: { text: string; dx: number; dy: number; anchor: string }) {
  const x = ((Math.log10(point.cost) - 6) / 2) * WIDTH;
  const y = (1 - point.retention / 100) * HEIGHT;
  const width = label.text.length * 5.8;
  const left = label.anchor === "start" ? x + label.dx : x + label.dx - width;
  return { left, right: left + width, top: y + label.dy - 10, bottom: y + label.dy + 2 };
}

describe("placeParetoLabels", () => {
  it("nine strategies that never triggered tie with none at one spot: one label names them all, dominated points get none", () => {
    const tied = ["none", "claude-code", "gemini-cli", "openclaw", "vibe", "micro-agent", "nous", "trim-messages", "observation-masking", "anthropic-clear-tool-uses"];
    const points: LabelledPoint[] = [
      ...tied.map((label) => ({ key: label, label, cost: 28_000_000, retention: 100, onFrontier: true })),
      { key: "pi", label: "pi", cost: 9_000_000, retention: 92, onFrontier: true },
      { key: "codex", label: "codex", cost: 8_800_000, retention: 91.5, onFrontier: true },
      { key: "opencode", label: "opencode", cost: 8_700_000, retention: 90.8, onFrontier: true },
      { key: "evidence", label: "evidence", cost: 12_000_000, retention: 80, onFrontier: false },
    ];
    const layout = placeParetoLabels({ points, domain: DOMAIN, width: WIDTH, height: HEIGHT });
    expect(layout.tiedWith.get("none")).toHaveLength(9);
    expect(layout.labels.get("none")?.text).toBe("none (+9 tied)");
    for (const key of tied.slice(1)) expect(layout.labels.has(key)).toBe(false);
    expect(layout.labels.has("evidence")).toBe(false);
    // the three close frontier points are all labelled, and no two labels overlap
    expect(["pi", "codex", "opencode"].every((key) => layout.labels.has(key))).toBe(true);
    const boxes = [...layout.labels].map(([key, label]) => boxOf(points.find((point) => point.key === key)!, label));
    const overlap = (a: (typeof boxes)[number], b: (typeof boxes)[number]) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) expect(overlap(a, b)).toBe(false);
    }
    // nor does a label cover another configuration's point
    for (const [key, label] of layout.labels) {
      const box = boxOf(points.find((point) => point.key === key)!, label);
      for (const point of points.filter((other) => other.key !== key)) {
        const x = ((Math.log10(point.cost) - 6) / 2) * WIDTH;
        const y = (1 - point.retention / 100) * HEIGHT;
        expect(overlap(box, { left: x - 7, right: x + 7, top: y - 7, bottom: y + 7 }), `${key}'s label over ${point.key}`).toBe(false);
      }
    }
  });

  it("points far apart keep their label beside them, without leader lines", () => {
    const layout = placeParetoLabels({
      points: [
        { key: "a", label: "a", cost: 2e6, retention: 40, onFrontier: true },
        { key: "b", label: "b", cost: 5e7, retention: 95, onFrontier: true },
      ],
      domain: DOMAIN,
      width: WIDTH,
      height: HEIGHT,
    });
    expect([...layout.labels.values()].map((label) => [label.dx, label.leader])).toEqual([
      [10, false],
      [10, false],
    ]);
  });

  it("two frontier points a few px apart near the top (observation-masking, nous): neither label covers the other point", () => {
    const points: LabelledPoint[] = [
      { key: "observation-masking", label: "observation-masking", cost: 1.10e6, retention: 96.1, onFrontier: true },
      { key: "nous", label: "nous", cost: 1.13e6, retention: 96.5, onFrontier: true },
      { key: "evidence", label: "evidence", cost: 2.4e6, retention: 100, onFrontier: true },
    ];
    const layout = placeParetoLabels({ points, domain: [7e5, 7.5e6], width: 1100, height: 262 });
    const nous = layout.labels.get("nous")!;
    expect(nous).toBeDefined();
    // not to the left, over observation-masking's point
    expect(nous.anchor === "end" && nous.dy === 4).toBe(false);
  });
});
