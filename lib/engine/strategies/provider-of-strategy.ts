import type { CompactionProvider } from "../summarize/summarizer";
import { anthropicCompactionStrategy } from "./anthropic-compaction";
import { anthropicOnDemandCompactionStrategy } from "./anthropic-on-demand-compaction";
import { openaiCompactionStrategy } from "./openai-compaction";

/** The provider whose own compaction a strategy is (it runs only against that provider's API), null for the others. */
export function providerOfStrategy(strategyId: string): CompactionProvider | null {
  if (strategyId === anthropicCompactionStrategy.id || strategyId === anthropicOnDemandCompactionStrategy.id) return "anthropic";
  if (strategyId === openaiCompactionStrategy.id) return "openai";
  return null;
}
