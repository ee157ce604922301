import { describe, expect, it } from "vitest";
import { findStrategy } from "../../engine/strategies";
import { resolveSettings } from "../../engine/strategies/resolve-settings";
import { claudeCodeTrigger } from "../../engine/strategies/claude-code";
import { codexLimit } from "../../engine/strategies/codex";
import { recommendationConfigs } from "./recommendation-configs";
import { TRIGGER_SHARE_STRATEGIES, triggerShareRule } from "./trigger-share";

describe("trigger shares", () => {
  it.each(TRIGGER_SHARE_STRATEGIES)("%s: every share's settings are valid for the strategy", (id) => {
    const strategy = findStrategy(id)!;
    for (const window of [60_000, 200_000, 1_000_000]) {
      for (const share of [0.1, 0.5, 0.95]) {
        const settings = triggerShareRule(id)!.settingsAt(share, window);
        if (settings !== null) expect(() => resolveSettings(strategy, settings)).not.toThrow();
      }
    }
  });

  it("lands the strategies' own trigger formulas on the share", () => {
    const claude = resolveSettings(findStrategy("claude-code")!, triggerShareRule("claude-code")!.settingsAt(0.5, 200_000)!);
    expect(claudeCodeTrigger(200_000, claude as never)).toBe(100_000);
    const codex = resolveSettings(findStrategy("codex")!, triggerShareRule("codex")!.settingsAt(0.3, 1_000_000)!);
    expect(codexLimit(1_000_000, codex as never)).toBe(300_000);
    expect(triggerShareRule("pi")!.settingsAt(0.25, 200_000)).toEqual({ reserveTokens: 150_000 });
  });

  it("gives each default's share: Codex 90%, pi window − 16,384, Claude Code window − 33,000", () => {
    expect(triggerShareRule("codex")!.defaultShare(200_000)).toBe(0.9);
    expect(triggerShareRule("pi")!.defaultShare(200_000)).toBeCloseTo((200_000 - 16_384) / 200_000, 10);
    expect(triggerShareRule("claude-code")!.defaultShare(200_000)).toBeCloseTo(167_000 / 200_000, 10);
  });
});

describe("recommendationConfigs", () => {
  it("lists each strategy's default, then one configuration per share, per window, each with its window and cell", () => {
    const { configs, skipped } = recommendationConfigs({ strategies: ["pi", "claude-code"], windows: [200_000], shares: [0.5, 0.2, 0.95], sessions: 2 });
    expect(configs.map((config) => config.label)).toEqual([
      "pi default (91.8%) · 200K",
      "pi @ 20% · 200K",
      "pi @ 50% · 200K",
      "pi @ 95% · 200K",
      "claude-code default (83.5%) · 200K",
      "claude-code @ 20% · 200K",
      "claude-code @ 50% · 200K",
    ]);
    expect(configs.every((config) => config.window === 200_000 && config.cell.y === 200_000)).toBe(true);
    expect(skipped).toEqual(["claude-code @ 95% · 200K: claude-code cannot compact that late in a 200K window"]);
  });

  it("refuses an unknown strategy, one with no trigger, and too many replays, naming the field", () => {
    expect(() => recommendationConfigs({ strategies: ["pi", "nope"], windows: [200_000], shares: [0.5], sessions: 1 })).toThrow(expect.objectContaining({ code: "unknown_strategy", path: "strategies.1" }));
    expect(() => recommendationConfigs({ strategies: ["trim-messages"], windows: [200_000], shares: [0.5], sessions: 1 })).toThrow(expect.objectContaining({ code: "invalid_strategy", path: "strategies.0" }));
    const shares = Array.from({ length: 18 }, (_, index) => 0.1 + index * 0.05);
    expect(() => recommendationConfigs({ strategies: ["pi", "codex", "gemini-cli"], windows: [200_000, 400_000, 1_000_000], shares, sessions: 20 })).toThrow(expect.objectContaining({ code: "too_many_runs", path: "shares" }));
  });
});
