import { z } from "zod";
import type { StrategyInfo } from "../api/contracts/run-schemas";
import { strategies } from "../engine/strategies";
import { providerOfStrategy } from "../engine/strategies/provider-of-strategy";
import { promptPresetsFor } from "../llm/prompt-presets";
import { providerKeys } from "./provider-keys";

/**
 * Every registered strategy as the playground shows it: defaults, the settings' JSON Schema (for labelled
 * controls) and the prompt presets an LLM summarizer would send (`prompt` is the first; null when none). The
 * providers' own compaction says whose it is, and "needs a key" when the server holds none for that provider.
 */
export function listStrategies(): { strategies: StrategyInfo[] } {
  const keys = providerKeys();
  return {
    strategies: strategies.map((strategy) => {
      const provider = providerOfStrategy(strategy.id);
      const prompts = promptPresetsFor(strategy.id).map(({ name, label, source, system, instructions }) => ({ name, label, source, system, instructions }));
      return {
        id: strategy.id,
        label: strategy.label,
        description: strategy.description,
        versionOf: strategy.versionOf ?? null,
        source: { ...strategy.source },
        defaults: { ...strategy.defaults },
        settingsJsonSchema: z.toJSONSchema(strategy.settingsSchema, { unrepresentable: "any" }) as Record<string, unknown>,
        prompt: prompts[0] ? { system: prompts[0].system ?? "", instructions: prompts[0].instructions } : null,
        prompts,
        provider,
        unavailable: provider !== null && !keys[provider] ? `needs a key: ${provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY"} on the server (or a key with the run)` : null,
        opaque: provider === "openai",
      };
    }),
  };
}
