import { describe, expect, it } from "vitest";
import { DEFAULT_TRIGGER_SHARES, RecommendRequestSchema } from "@/lib/api/contracts/recommend-schemas";
import { parseShares } from "./recommend-form";
import { recommendFormValues, sharesAsText } from "./recommend-form-values";

const OFFERED = ["pi", "codex", "gemini-cli", "opencode"];

describe("recommendFormValues", () => {
  it("a new recommendation: no sessions, pi and codex, every default share, a 90% floor", () => {
    expect(recommendFormValues(null, OFFERED)).toEqual({
      picked: [],
      chosen: ["pi", "codex"],
      model: "",
      windows: [],
      sharesText: "10, 20, 30, 40, 50, 60, 70, 80, 90, 95",
      floor: "90",
      floorKind: "absolute",
      within: "5",
      cache: null,
    });
  });

  it("a stored request fills every field, its resolved windows ticked", () => {
    const request = RecommendRequestSchema.parse({ sessionIds: ["s1", "s2", "s1"], strategies: ["codex", "opencode"], windows: [128_000, 400_000], shares: [0.1, 0.3, 0.6], floor: 0.5, costModel: "claude-sonnet-4-5" });
    expect(recommendFormValues(request, OFFERED)).toEqual({
      picked: ["s1", "s2"],
      chosen: ["codex", "opencode"],
      model: "claude-sonnet-4-5",
      windows: [128_000, 400_000],
      sharesText: "10, 30, 60",
      floor: "50",
      floorKind: "absolute",
      within: "5",
      cache: null,
    });
  });

  it("leaves out a strategy the page does not offer, and keeps cache rules the form has no field for", () => {
    const request = RecommendRequestSchema.parse({ sessionIds: ["s1"], strategies: ["pi", "retired"], windows: [200_000], floor: 0.925, cacheProvider: "none", cacheTtl: "1h" });
    const values = recommendFormValues(request, OFFERED);
    expect(values.chosen).toEqual(["pi"]);
    expect(values.model).toBe("");
    expect(values.floor).toBe("92.5");
    expect(values.cache).toEqual({ cacheProvider: "none", cacheTtl: "1h", recordedRewrites: true });
  });

  it("a relative floor comes back as the relative choice with its points", () => {
    const request = RecommendRequestSchema.parse({ sessionIds: ["s1"], strategies: ["pi"], within: 3 });
    expect(recommendFormValues(request, OFFERED)).toMatchObject({ floorKind: "relative", within: "3" });
  });
});

describe("sharesAsText", () => {
  it.each([[[...DEFAULT_TRIGGER_SHARES]], [[0.1, 0.125, 0.333, 0.95]], [[0.3]]])("%j reads back to the same shares", (shares) => {
    expect(parseShares(sharesAsText(shares))).toEqual({ shares });
  });
});
