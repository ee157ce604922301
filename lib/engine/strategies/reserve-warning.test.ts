import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import type { CompactionStartEvent, GuardEvent } from "../simulate/replay-events";
import { replaySession } from "../simulate/replay-session";
import { CLAUDE_CODE_THRASH_GUARD, claudeCodeStrategy, claudeCodeTrigger, DEFAULT_CLAUDE_CODE_SETTINGS } from "./claude-code";
import { reserveWarning } from "./reserve-warning";

describe("reserveWarning", () => {
  it("names claude-code's 33,000 reserve on a 30K window instead of a negative trigger", () => {
    const warning = reserveWarning("claude-code", {}, 30_000)!;
    expect(warning).toMatchObject({ reserve: 33_000, window: 30_000, trigger: -3_000 });
    expect(warning.trigger).toBe(claudeCodeTrigger(30_000, DEFAULT_CLAUDE_CODE_SETTINGS));
    expect(warning.message).toContain("This window (30,000) is smaller than claude-code's output + buffer reserve (33,000 = 20,000 output + 13,000 buffer)");
    expect(warning.message).toContain("30,000 − 33,000 = −3,000, so it compacts before every call");
    expect(warning.message).toContain("until its thrash guard stops auto-compaction (3 compactions in a row back at the trigger within 3 calls)");
  });

  it("a window exactly the reserve leaves a trigger of 0; a window with room, smaller settings or another strategy: nothing", () => {
    expect(reserveWarning("claude-code", {}, 33_000)).toMatchObject({ trigger: 0, message: expect.stringContaining("is no larger than claude-code's") });
    expect(reserveWarning("claude-code", {}, 33_001)).toBeNull();
    expect(reserveWarning("claude-code", {}, 200_000)).toBeNull();
    // the output reserve is min(maxOutputTokens, 20,000): 8,000 + 13,000 = 21,000 fits in 30K
    expect(reserveWarning("claude-code", { maxOutputTokens: 8_000 }, 30_000)).toBeNull();
    expect(reserveWarning("claude-code", { maxOutputTokens: 8_000 }, 20_000)).toMatchObject({ reserve: 21_000, trigger: -1_000 });
    expect(reserveWarning("pi", {}, 30_000)).toBeNull();
  });

  it("says what the replay does: on a 30K window claude-code compacts before each call until its thrash guard stops it", async () => {
    const session = generateSession({ seed: 3, messages: 200 });
    const result = await replaySession({ session, strategy: claudeCodeStrategy, window: 30_000 });
    const starts = result.events.filter((event) => event.type === "compaction-start").map((event) => event.step);
    const guard = result.events.find((event): event is GuardEvent => event.type === "guard" && event.guard === CLAUDE_CODE_THRASH_GUARD);
    expect(guard, "the thrash guard stops it").toBeDefined();
    // every call before the guard compacted: one compaction per call, from the first call on
    expect(starts.length).toBeGreaterThanOrEqual(DEFAULT_CLAUDE_CODE_SETTINGS.thrashLimit);
    expect(starts).toEqual(Array.from({ length: starts.length }, (_, index) => index));
    expect(starts.every((step) => step < guard!.step)).toBe(true);
    // and each compaction says why in words, not as a context past a negative threshold
    const reasons = result.events.filter((event): event is CompactionStartEvent => event.type === "compaction-start").map((event) => event.reason);
    expect(new Set(reasons)).toEqual(new Set(["the window 30000 is no larger than the output + buffer reserve 33000: every context is past the auto-compact threshold (-3000)"]));
    // with room, the reason is the context against its threshold, as before
    const roomy = await replaySession({ session, strategy: claudeCodeStrategy, window: 40_000 });
    const first = roomy.events.find((event): event is CompactionStartEvent => event.type === "compaction-start");
    expect(first, "it compacts at 40K too").toBeDefined();
    expect(first!.reason).toMatch(/^context \d+ ≥ auto-compact threshold 7000$/);
  });
});
