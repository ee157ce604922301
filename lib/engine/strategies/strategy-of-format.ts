import type { FormatId } from "../model";

/**
 * The strategy that reproduces the agent whose transcript format this is, where the lab has one: a session opens
 * in the playground on its own agent's compaction, so the first run answers "what did my agent do, and what would
 * it do with other settings". Formats of no single agent (message arrays, SWE-agent, OpenHands) have none.
 *
 * GitHub Copilot CLI has none either: its compaction is closed source, documented only as the SDK's
 * `infiniteSessions` defaults (a background summary from 80% of the buffer, blocking at 95%), with no published
 * prompt, split point or kept tail. The nearest lab strategy (claude-code's whole-history summary near the window)
 * would open a Copilot session on another agent's compaction as if it were its own, so the playground's neutral
 * default is used instead.
 */
const STRATEGY_BY_FORMAT: Partial<Record<FormatId, string>> = {
  "claude-code": "claude-code",
  codex: "codex",
  pi: "pi",
  // OpenClaw's compaction (seed 001's design, the lab's `openclaw` strategy), not pi's, runs on OpenClaw's sessions
  openclaw: "openclaw",
  opencode: "opencode",
  "gemini-cli": "gemini-cli",
};

export function strategyOfFormat(format: FormatId): string | undefined {
  return STRATEGY_BY_FORMAT[format];
}
