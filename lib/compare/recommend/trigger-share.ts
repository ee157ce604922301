import { DEFAULT_CLAUDE_CODE_SETTINGS } from "../../engine/strategies/claude-code";
import { CODEX_DEFAULT_LIMIT_RATIO } from "../../engine/strategies/codex";
import { DEFAULT_EVIDENCE_SETTINGS } from "../../engine/strategies/evidence";
import { DEFAULT_GEMINI_CLI_SETTINGS } from "../../engine/strategies/gemini-cli";
import { DEFAULT_MICRO_AGENT_SETTINGS } from "../../engine/strategies/micro-agent";
import { DEFAULT_NOUS_SETTINGS } from "../../engine/strategies/nous";
import { DEFAULT_OPENCLAW_SETTINGS } from "../../engine/strategies/openclaw";
import { DEFAULT_OPENCODE_SETTINGS } from "../../engine/strategies/opencode";
import { DEFAULT_PI_SETTINGS } from "../../engine/strategies/pi";
import { DEFAULT_VIBE_SETTINGS } from "../../engine/strategies/vibe";

/**
 * How a strategy's compaction trigger is written as a share of the window, and back. Each entry turns "compact at
 * `share` of a `window`-token window" into the strategy's own setting overrides (null when the strategy cannot
 * compact that late: Claude Code keeps its output reserve below the trigger), and says at what share its defaults
 * compact — the agent's default setting a recommendation is measured against.
 *
 * Absolute triggers become the equivalent share: pi's and OpenClaw's `window − reserveTokens`, Codex's token limit,
 * OpenCode's input budget, the token thresholds of micro-agent, Nous and Vibe.
 */
export interface TriggerShareRule {
  /** the setting overrides that make the strategy compact at `share` of `window`; null when it cannot */
  settingsAt(share: number, window: number): Record<string, unknown> | null;
  /** the share of `window` its defaults compact at (may exceed 1: a threshold above the window never fires) */
  defaultShare(window: number): number;
}

const claudeCodeReserve = Math.min(DEFAULT_CLAUDE_CODE_SETTINGS.maxOutputTokens, DEFAULT_CLAUDE_CODE_SETTINGS.maxOutputTokensForSummary);

/** Tokens at `share` of `window`, whole. */
export function tokensAt(share: number, window: number): number {
  return Math.floor(share * window);
}

export const triggerShareRulesByStrategy: Readonly<Record<string, TriggerShareRule>> = {
  "claude-code": {
    settingsAt(share, window) {
      const buffer = window - claudeCodeReserve - tokensAt(share, window);
      return buffer < 0 ? null : { autocompactBufferTokens: buffer };
    },
    defaultShare: (window) => (window - claudeCodeReserve - DEFAULT_CLAUDE_CODE_SETTINGS.autocompactBufferTokens) / window,
  },
  codex: {
    settingsAt: (share, window) => ({ autoCompactTokenLimit: Math.max(1, tokensAt(share, window)) }),
    defaultShare: () => CODEX_DEFAULT_LIMIT_RATIO,
  },
  "gemini-cli": {
    settingsAt: (share) => ({ compressionThreshold: share }),
    defaultShare: () => DEFAULT_GEMINI_CLI_SETTINGS.compressionThreshold,
  },
  pi: {
    settingsAt: (share, window) => ({ reserveTokens: window - tokensAt(share, window) }),
    defaultShare: (window) => (window - DEFAULT_PI_SETTINGS.reserveTokens) / window,
  },
  openclaw: {
    // the floor would raise a small reserve back to 20,000: off, so the reserve is exactly the share's
    settingsAt: (share, window) => ({ reserveTokens: window - tokensAt(share, window), reserveTokensFloor: 0 }),
    defaultShare: (window) => (window - Math.max(DEFAULT_OPENCLAW_SETTINGS.reserveTokens, DEFAULT_OPENCLAW_SETTINGS.reserveTokensFloor)) / window,
  },
  opencode: {
    settingsAt: (share, window) => ({ inputLimit: tokensAt(share, window) }),
    defaultShare: (window) => (window - Math.min(DEFAULT_OPENCODE_SETTINGS.outputLimit ?? DEFAULT_OPENCODE_SETTINGS.globalOutputCap, DEFAULT_OPENCODE_SETTINGS.globalOutputCap)) / window,
  },
  "micro-agent": {
    settingsAt: (share, window) => ({ compactionThresholdTokens: tokensAt(share, window) }),
    defaultShare: (window) => DEFAULT_MICRO_AGENT_SETTINGS.compactionThresholdTokens / window,
  },
  nous: {
    settingsAt: (share, window) => ({ compactionThreshold: tokensAt(share, window) }),
    defaultShare: (window) => DEFAULT_NOUS_SETTINGS.compactionThreshold / window,
  },
  vibe: {
    settingsAt: (share, window) => ({ autoCompactThreshold: Math.max(1, tokensAt(share, window)) }),
    defaultShare: (window) => DEFAULT_VIBE_SETTINGS.autoCompactThreshold / window,
  },
  evidence: {
    settingsAt: (share) => ({ triggerRatio: share }),
    defaultShare: () => DEFAULT_EVIDENCE_SETTINGS.triggerRatio,
  },
};

/** The strategies whose trigger a recommendation can sweep, in the order the page lists them. */
export const TRIGGER_SHARE_STRATEGIES = Object.keys(triggerShareRulesByStrategy);

/** The rule of a strategy, or undefined for one with no trigger to sweep (`none`, `trim-messages`, pruners). */
export function triggerShareRule(strategyId: string): TriggerShareRule | undefined {
  return Object.hasOwn(triggerShareRulesByStrategy, strategyId) ? triggerShareRulesByStrategy[strategyId] : undefined;
}
