import { findStrategy, strategies } from "./index";
import type { AnyStrategy } from "./strategy";

/**
 * Every registered version of an agent's strategy: the first (the one `versionOf` points at) and then each later one,
 * in registry order — `claude-code`, `claude-code@2.1.299`. Given any of them, the same list. Empty for an unknown id;
 * one entry for a strategy with no later version.
 */
export function strategyVersions(strategyId: string): AnyStrategy[] {
  const strategy = findStrategy(strategyId);
  if (!strategy) return [];
  const first = strategy.versionOf === undefined ? strategy : (findStrategy(strategy.versionOf) ?? strategy);
  return [first, ...strategies.filter((candidate) => candidate.versionOf === first.id)];
}
