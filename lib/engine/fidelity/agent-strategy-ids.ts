import type { FormatId } from "../model";
import { strategyOfFormat } from "../strategies/strategy-of-format";
import { strategyVersions } from "../strategies/strategy-versions";

/**
 * The ids of every version of the strategy that reproduces the agent of this transcript format (`claude-code`,
 * `claude-code@2.1.299` for a Claude Code session), in registry order; empty for a format of no single agent. A
 * replay through one of them is a replay of what the agent did, so it is the one that runs at the agent's window and
 * is held against the agent's recorded compactions.
 */
export function agentStrategyIds(format: FormatId): string[] {
  const agentStrategy = strategyOfFormat(format);
  return agentStrategy === undefined ? [] : strategyVersions(agentStrategy).map((strategy) => strategy.id);
}
