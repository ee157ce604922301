import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { replaySession } from "../simulate/replay-session";
import { FIXED_THRESHOLDS, scaleThresholds, thresholdWarnings } from "./fixed-thresholds";
import { strategiesById } from "./index";

describe("fixed thresholds against the window", () => {
  it("warns, naming the setting and the window, when a seed's threshold is at or above the window", () => {
    const [warning] = thresholdWarnings("nous", { compactionThreshold: 100_000 }, 64_000);
    expect(warning).toMatchObject({ setting: "compactionThreshold", value: 100_000, window: 64_000, scaledValue: 32_000 });
    expect(warning.message).toContain("compactionThreshold is 100,000");
    expect(warning.message).toContain("window is 64,000");
    expect(thresholdWarnings("nous", { compactionThreshold: 100_000 }, 200_000)).toEqual([]);
    expect(thresholdWarnings("vibe", { autoCompactThreshold: 0 }, 64_000)).toEqual([]); // ≤ 0 turns vibe's compaction off
    expect(thresholdWarnings("pi", { reserveTokens: 16_384 }, 8_000)).toEqual([]);
  });

  it("scaling keeps the source's ratio and touches nothing else; every listed setting exists in its strategy's defaults", () => {
    expect(scaleThresholds("micro-agent", { compactionThresholdTokens: 80_000, protectedTailMessages: 6 }, 64_000)).toEqual({ compactionThresholdTokens: 25_600, protectedTailMessages: 6 });
    expect(scaleThresholds("vibe", { autoCompactThreshold: 200_000, contextWarnings: false }, 64_000)).toEqual({ autoCompactThreshold: 64_000, contextWarnings: false });
    const settings = { reserveTokens: 1 };
    expect(scaleThresholds("pi", settings, 64_000)).toBe(settings);
    for (const [id, fixed] of Object.entries(FIXED_THRESHOLDS)) {
      expect(typeof (strategiesById[id]?.defaults as Record<string, unknown> | undefined)?.[fixed.setting], `${id}.${fixed.setting}`).toBe("number");
    }
  });

  it("a nous replay at 64K says so up front and never compacts; scaled to the window it compacts", async () => {
    const session = generateSession({ seed: 4, messages: 1_500 });
    const strategy = strategiesById.nous;
    const plain = await replaySession({ session, strategy, window: 64_000 });
    expect(plain.events[0]).toMatchObject({ type: "warning", step: 0, code: "threshold-above-window" });
    expect(plain.events.filter((event) => event.type === "compaction-end")).toHaveLength(0);
    const scaled = await replaySession({ session, strategy, window: 64_000, settings: scaleThresholds("nous", strategy.defaults as Record<string, unknown>, 64_000) });
    expect(scaled.events.some((event) => event.type === "warning" && event.code === "threshold-above-window")).toBe(false);
    expect(scaled.events.filter((event) => event.type === "compaction-end").length).toBeGreaterThan(0);
  });
});

describe("the invariant report names the rule when a replay does not fit its budget", () => {
  it("vibe at 64K overflows and the report quotes its threshold above the window; none names its missing trigger", async () => {
    const { checkInvariants } = await import("../simulate/check-invariants");
    const session = generateSession({ seed: 4, messages: 1_500 });
    const vibe = await replaySession({ session, strategy: strategiesById.vibe, window: 64_000 });
    const report = checkInvariants(session, vibe);
    expect(report.fitsBudget).toBe(false);
    expect(report.budgetReasons.length).toBeGreaterThan(0);
    expect(report.budgetReasons[0]).toMatch(/^step \d+: vibe sent \d+ tokens over the usable window 64000: autoCompactThreshold is 200,000/);
    const none = checkInvariants(session, await replaySession({ session, strategy: strategiesById.none, window: 64_000 }));
    expect(none.budgetReasons[0]).toContain("its trigger did not bring the context under the usable window");
  });
});
