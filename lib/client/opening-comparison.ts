import type { StrategyInfo } from "../api/contracts/run-schemas";
import type { FormatId } from "../engine/model";
import { strategyOfFormat } from "../engine/strategies/strategy-of-format";
import { draftOf, type DraftConfig } from "./compare-configs";

/**
 * The strategy a session opens on, in the playground and in its compare view: its own agent's compaction where the
 * lab reproduces that agent (strategyOfFormat), else opencode — it prunes and summarizes, so both overlays show.
 */
export const FALLBACK_OPENING_STRATEGY = "opencode";

/**
 * What a session's own strategy is held against when its compare view opens, and why each is worth the comparison:
 * the reference without compaction, the lab's cache-aware design, the simplest pruning, and other agents' defaults.
 */
export const WORTH_COMPARING: readonly { id: string; why: string }[] = [
  { id: "none", why: "no compaction: the reference every figure is read against" },
  { id: "keeper", why: "the lab's cache-aware design" },
  { id: "observation-masking", why: "the simplest pruning: old tool outputs masked, nothing summarized" },
  { id: "claude-code", why: "another agent's defaults" },
  { id: "codex", why: "another agent's defaults" },
  { id: "pi", why: "another agent's defaults" },
  { id: "opencode", why: "another agent's defaults" },
];

/** Configurations the compare view opens with: the session's own at its defaults first, then at most this many others. */
const OTHERS = 5;

/** The strategy a session of `format` opens on, among those listed (the first listed when neither is). */
export function openingStrategy(strategies: readonly StrategyInfo[], format: FormatId | null): StrategyInfo | undefined {
  const own = format ? strategyOfFormat(format) : undefined;
  return strategies.find((strategy) => strategy.id === own) ?? strategies.find((strategy) => strategy.id === FALLBACK_OPENING_STRATEGY) ?? strategies[0];
}

export interface OpeningComparison {
  /** the session's own strategy (or the fallback), at its defaults, first */
  own: string;
  /** whether `own` is the session's agent's own compaction (false: the fallback) */
  ownIsAgent: boolean;
  drafts: DraftConfig[];
  /** why each of the others is there, by strategy id */
  whyById: ReadonlyMap<string, string>;
}

/**
 * A compare view that opens ready to run (issue #42, item 5): the session's own strategy at its defaults, then the
 * strategies worth comparing with it ({@link WORTH_COMPARING}, in that order), each at its defaults. Leaves out what
 * cannot run here (unavailable) and the providers' own compaction (it calls a provider, which an opening page must
 * never do unasked). Undefined when fewer than two configurations could be built.
 */
export function openingComparison(options: { strategies: readonly StrategyInfo[]; format: FormatId | null; nextId: () => string }): OpeningComparison | undefined {
  const runnable = options.strategies.filter((strategy) => !strategy.provider && strategy.unavailable === null);
  const own = openingStrategy(runnable, options.format);
  if (!own) return undefined;
  const byId = new Map(runnable.map((strategy) => [strategy.id, strategy]));
  const others = WORTH_COMPARING.filter((entry) => entry.id !== own.id && byId.has(entry.id)).slice(0, OTHERS);
  if (others.length === 0) return undefined;
  return {
    own: own.id,
    ownIsAgent: options.format !== null && strategyOfFormat(options.format) === own.id,
    drafts: [own, ...others.map((entry) => byId.get(entry.id)!)].map((strategy) => draftOf(strategy, options.nextId())),
    whyById: new Map(others.map((entry) => [entry.id, entry.why])),
  };
}
