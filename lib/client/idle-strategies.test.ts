import { describe, expect, it } from "vitest";
import type { CompareRow } from "../api/contracts/compare-schemas";
import { idleStrategies, roundDownTwoDigits } from "./idle-strategies";

/** Only the fields the hint reads; the rest of a row does not matter to it. */
function row(config: string, figures: Partial<CompareRow> = {}): CompareRow {
  return { config, strategy: config, window: 258_400, peakContextTokens: 129_217, compactions: 0, prunes: 0, tokensSavedVsNone: 0, ...figures } as CompareRow;
}

describe("idleStrategies", () => {
  it("a Codex session at 258.4K: 9 of 13 strategies never trigger; the suggestion is half the peak, which the session overflows", () => {
    const acting = ["pi", "codex", "opencode", "evidence"].map((config) => row(config, { compactions: 0, prunes: 3, tokensSavedVsNone: 1_000 }));
    const idle = ["trim-messages", "observation-masking", "claude-code", "gemini-cli", "openclaw", "vibe", "micro-agent", "nous", "anthropic-clear-tool-uses"].map((config) => row(config));
    const hint = idleStrategies([row("none"), ...acting, ...idle])!;
    expect(hint.idle).toHaveLength(9);
    expect(hint.compared).toBe(13);
    expect(hint.peak).toBe(129_217);
    expect(hint.suggestedWindow).toBe(64_000);
    expect(hint.suggestedWindow!).toBeLessThan(hint.peak);
  });

  it("says nothing when most strategies act", () => {
    expect(idleStrategies([row("none"), row("pi", { compactions: 2 }), row("codex", { compactions: 1 }), row("vibe")])).toBeNull();
    expect(idleStrategies([row("none")])).toBeNull();
  });

  it("suggests nothing below a few thousand tokens, and never a window at or above the current one", () => {
    expect(idleStrategies([row("none", { peakContextTokens: 3_000 }), row("pi", { peakContextTokens: 3_000 })])!.suggestedWindow).toBeNull();
    // the session overflows an 8,000 window already: half the window, not half the peak
    expect(idleStrategies([row("none", { window: 8_000, peakContextTokens: 50_000 }), row("pi", { window: 8_000 })])!.suggestedWindow).toBe(4_000);
  });

  it.each([
    [129_217, 120_000],
    [8_734, 8_700],
    [64_608, 64_000],
    [99, 99],
  ])("roundDownTwoDigits(%d) = %d", (value, rounded) => expect(roundDownTwoDigits(value)).toBe(rounded));
});
