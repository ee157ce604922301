import { anthropicClearToolUsesStrategy } from "./anthropic-clear-tool-uses";
import { anthropicCompactionStrategy } from "./anthropic-compaction";
import { anthropicOnDemandCompactionStrategy } from "./anthropic-on-demand-compaction";
import { claudeCode2_1_299Strategy, claudeCodeStrategy } from "./claude-code";
import { codexStrategy } from "./codex";
import { evidenceStrategy } from "./evidence";
import { geminiCliStrategy } from "./gemini-cli";
import { gooseStrategy } from "./goose";
import { keeperStrategy } from "./keeper";
import { kiloCodeStrategy } from "./kilo-code";
import { microAgentStrategy } from "./micro-agent";
import { noneStrategy } from "./none";
import { nousStrategy } from "./nous";
import { observationMaskingStrategy } from "./observation-masking";
import { openclawStrategy } from "./openclaw";
import { opencodeStrategy } from "./opencode";
import { opencodeV2Strategy } from "./opencode-v2";
import { openaiCompactionStrategy } from "./openai-compaction";
import { piStrategy } from "./pi";
import type { AnyStrategy } from "./strategy";
import { trimMessagesStrategy } from "./trim-messages";
import { vibeStrategy } from "./vibe";

/** Every strategy by id. Adding a strategy = its file + one line here (see strategy.ts). */
export const strategiesById: Readonly<Record<string, AnyStrategy>> = {
  [noneStrategy.id]: noneStrategy,
  [trimMessagesStrategy.id]: trimMessagesStrategy,
  [observationMaskingStrategy.id]: observationMaskingStrategy,
  [anthropicClearToolUsesStrategy.id]: anthropicClearToolUsesStrategy,
  [piStrategy.id]: piStrategy,
  [claudeCodeStrategy.id]: claudeCodeStrategy,
  [claudeCode2_1_299Strategy.id]: claudeCode2_1_299Strategy,
  [codexStrategy.id]: codexStrategy,
  [geminiCliStrategy.id]: geminiCliStrategy,
  [opencodeStrategy.id]: opencodeStrategy,
  [opencodeV2Strategy.id]: opencodeV2Strategy,
  [kiloCodeStrategy.id]: kiloCodeStrategy,
  [gooseStrategy.id]: gooseStrategy,
  [openclawStrategy.id]: openclawStrategy,
  [vibeStrategy.id]: vibeStrategy,
  [microAgentStrategy.id]: microAgentStrategy,
  [nousStrategy.id]: nousStrategy,
  [evidenceStrategy.id]: evidenceStrategy,
  [keeperStrategy.id]: keeperStrategy,
  [anthropicCompactionStrategy.id]: anthropicCompactionStrategy,
  [anthropicOnDemandCompactionStrategy.id]: anthropicOnDemandCompactionStrategy,
  [openaiCompactionStrategy.id]: openaiCompactionStrategy,
};

/** Every strategy, in registry order. */
export const strategies: readonly AnyStrategy[] = Object.values(strategiesById);

/** The strategy with this id, or undefined. */
export function findStrategy(id: string): AnyStrategy | undefined {
  return Object.hasOwn(strategiesById, id) ? strategiesById[id] : undefined;
}
