import { describe, expect, it } from "vitest";
import { sweepConfigs } from "./sweep-configs";

describe("sweepConfigs", () => {
  it("one axis: one configuration per value, labelled key=value, over the shared settings", () => {
    expect(sweepConfigs({ strategy: "nous", settings: { keepRecentTokens: 5_000 }, x: { key: "threshold", values: [40_000, 100_000] } })).toEqual([
      { strategy: "nous", settings: { keepRecentTokens: 5_000, threshold: 40_000 }, label: "threshold=40000", cell: { x: 40_000 } },
      { strategy: "nous", settings: { keepRecentTokens: 5_000, threshold: 100_000 }, label: "threshold=100000", cell: { x: 100_000 } },
    ]);
  });

  it("two axes: the cartesian product, x-major; an axis overrides a shared setting; strings bare, others as JSON", () => {
    const configs = sweepConfigs({
      strategy: "opencode",
      settings: { auto: true },
      x: { key: "auto", values: [false, true] },
      y: { key: "mode", values: ["a", null, 3] },
    });
    expect(configs.map((config) => config.label)).toEqual(["auto=false, mode=a", "auto=false, mode=null", "auto=false, mode=3", "auto=true, mode=a", "auto=true, mode=null", "auto=true, mode=3"]);
    expect(configs.map((config) => config.cell)).toEqual([
      { x: false, y: "a" },
      { x: false, y: null },
      { x: false, y: 3 },
      { x: true, y: "a" },
      { x: true, y: null },
      { x: true, y: 3 },
    ]);
    expect(configs[2].settings).toEqual({ auto: false, mode: 3 });
  });
});
