import { describe, expect, it } from "vitest";
import { thresholdSnippets } from "./threshold-snippets";

describe("thresholdSnippets", () => {
  const byAgent = (share: number, window: number) => new Map(thresholdSnippets({ share, window }).map((snippet) => [snippet.agent, snippet]));

  it("writes 50% of a 200K window in every agent's own key, each citing where the key is documented", () => {
    const snippets = byAgent(0.5, 200_000);
    expect(snippets.get("Codex CLI")?.text).toBe("model_context_window = 200000\nmodel_auto_compact_token_limit = 100000\n");
    expect(JSON.parse(snippets.get("pi (pi-coding-agent)")!.text)).toEqual({ compaction: { enabled: true, reserveTokens: 100_000 } });
    expect(JSON.parse(snippets.get("Gemini CLI")!.text)).toEqual({ model: { compressionThreshold: 0.5 } });
    expect(JSON.parse(snippets.get("OpenCode")!.text).compaction).toEqual({ auto: true, reserved: 100_000 });
    expect(JSON.parse(snippets.get("Kilo Code")!.text)).toEqual({ compaction: { threshold_percent: 50 } });
    expect(snippets.get("Goose")?.text).toBe("export GOOSE_AUTO_COMPACT_THRESHOLD=0.5\n");
    // 100,000 of the 180,000 Claude Code counts from (window − 20,000 output reserve) is 55.6% → 56
    expect(snippets.get("Claude Code")?.text).toBe("export CLAUDE_CODE_AUTO_COMPACT_WINDOW=200000\nexport CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=56\n");
    for (const snippet of snippets.values()) {
      expect(snippet.source.length).toBeGreaterThan(20);
      expect(snippet.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("says so for an agent with no key instead of inventing one", () => {
    const copilot = byAgent(0.5, 200_000).get("GitHub Copilot CLI")!;
    expect(copilot.supported).toBe(false);
    expect(copilot.text).toBe("");
    expect(copilot.note).toMatch(/no setting/);
  });

  it("warns when Claude Code cannot compact as late as asked (its override only moves the trigger earlier)", () => {
    const claude = byAgent(0.95, 200_000).get("Claude Code")!;
    expect(claude.note).toMatch(/cannot compact later than its default, 167,000/);
  });

  it("refuses a share outside (0, 1) and a window that is not a whole positive number", () => {
    expect(() => thresholdSnippets({ share: 1, window: 200_000 })).toThrow(/share/);
    expect(() => thresholdSnippets({ share: 0.5, window: 0 })).toThrow(/window/);
  });
});
