/**
 * Where each agent's compaction-trigger key is documented, as checked on the date given (keys move between
 * versions: re-check before relying on one). An agent with `key: null` has no setting for when it compacts; the
 * recommender says so instead of inventing one. Sources are the agents' own docs, code, or their maintainers'
 * merged pull requests and issue threads.
 */
export interface ThresholdKeySource {
  agent: string;
  /** the key, or null when the agent has none */
  key: string | null;
  /** how the key reads the trigger */
  unit: "percent of the window" | "share of the window (0–1)" | "tokens" | "tokens reserved below the window" | null;
  source: string;
  checked: string;
}

export const THRESHOLD_KEYS_CHECKED = "2026-11-26";

export const thresholdKeysByAgent = {
  "claude-code": {
    agent: "Claude Code",
    key: "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE",
    unit: "percent of the window",
    source:
      "anthropics/claude-code issues #31806 (the override is a percentage of the window less the output reserve, and Math.min-capped at the default trigger: it can only move compaction earlier) and #63186 (read from the shell's environment, not settings.json's env block)",
    checked: THRESHOLD_KEYS_CHECKED,
  },
  codex: {
    agent: "Codex CLI",
    key: "model_auto_compact_token_limit",
    unit: "tokens",
    source: "OpenAI, Codex config.toml reference and sample configuration (developers.openai.com/docs/config-file): model_context_window, model_auto_compact_token_limit",
    checked: THRESHOLD_KEYS_CHECKED,
  },
  "gemini-cli": {
    agent: "Gemini CLI",
    key: "model.compressionThreshold",
    unit: "share of the window (0–1)",
    source: "google-gemini/gemini-cli docs/get-started/configuration.md (settings.json, nested layout since 2025-09-17; model.compressionThreshold); default moved 0.7 → 0.2 → 0.7 → 0.5 (issue #23906 and after)",
    checked: THRESHOLD_KEYS_CHECKED,
  },
  opencode: {
    agent: "OpenCode",
    key: "compaction.reserved",
    unit: "tokens reserved below the window",
    source:
      "OpenCode config schema, ConfigCompaction {auto, prune, reserved, …} (opencode SDK v0.1.50 on hexdocs.pm); the overflow check is usable = limit.input (else limit.context) − reserved; no percentage key (anomalyco/opencode issue #8140 asks for one)",
    checked: THRESHOLD_KEYS_CHECKED,
  },
  pi: {
    agent: "pi (pi-coding-agent)",
    key: "compaction.reserveTokens",
    unit: "tokens reserved below the window",
    source: "pi-mono packages/coding-agent/docs/settings.md: compaction.enabled, compaction.reserveTokens (default 16384), compaction.keepRecentTokens; pi compacts when the context exceeds window − reserveTokens",
    checked: THRESHOLD_KEYS_CHECKED,
  },
  "kilo-code": {
    agent: "Kilo Code",
    key: "compaction.threshold_percent",
    unit: "percent of the window",
    source:
      "Kilo-Org/kilocode pull request #10218 'Configure auto compaction threshold' (merged 2026-05-13): optional compaction.threshold_percent, a share of the model window, beside the existing safety-buffer trigger (whichever comes first)",
    checked: THRESHOLD_KEYS_CHECKED,
  },
  goose: {
    agent: "Goose",
    key: "GOOSE_AUTO_COMPACT_THRESHOLD",
    unit: "share of the window (0–1)",
    source:
      "aaif-goose/goose pull request #4116 (docs: auto-compact, GOOSE_AUTO_COMPACT_THRESHOLD, 2025-08-15), #3925 (default 0.8) and issue #11505 (2026-08-23: a fraction, ≤ 0 or ≥ 1.0 turns auto-compaction off; the environment beats config.yaml)",
    checked: THRESHOLD_KEYS_CHECKED,
  },
  "copilot-cli": {
    agent: "GitHub Copilot CLI",
    key: null,
    unit: null,
    source: "github/copilot-cli issue #3026 (open feature request for an auto-compaction threshold: none exists; only /compact)",
    checked: THRESHOLD_KEYS_CHECKED,
  },
} as const satisfies Record<string, ThresholdKeySource>;

export type ThresholdAgentId = keyof typeof thresholdKeysByAgent;
