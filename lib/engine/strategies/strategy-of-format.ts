import type { FormatId } from "../model";

/**
 * The strategy that reproduces the agent whose transcript format this is, where the lab has one: a session opens
 * in the playground on its own agent's compaction, so the first run answers "what did my agent do, and what would
 * it do with other settings". Formats of no single agent (message arrays, SWE-agent, OpenHands) have none.
 */
const STRATEGY_BY_FORMAT: Partial<Record<FormatId, string>> = {
  "claude-code": "claude-code",
  codex: "codex",
  pi: "pi",
  opencode: "opencode",
};

export function strategyOfFormat(format: FormatId): string | undefined {
  return STRATEGY_BY_FORMAT[format];
}
