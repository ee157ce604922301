import { z } from "zod";
import type { StrategyInfo } from "../api/contracts/run-schemas";
import { strategies } from "../engine/strategies";
import { promptPresetsFor } from "../llm/prompt-presets";

/**
 * Every registered strategy as the playground shows it: defaults, the settings' JSON Schema (for labelled
 * controls) and the prompt presets an LLM summarizer would send (`prompt` is the first; null when none).
 */
export function listStrategies(): { strategies: StrategyInfo[] } {
  return {
    strategies: strategies.map((strategy) => {
      const prompts = promptPresetsFor(strategy.id).map(({ name, label, source, system, instructions }) => ({ name, label, source, system, instructions }));
      return {
        id: strategy.id,
        label: strategy.label,
        description: strategy.description,
        source: { ...strategy.source },
        defaults: { ...strategy.defaults },
        settingsJsonSchema: z.toJSONSchema(strategy.settingsSchema, { unrepresentable: "any" }) as Record<string, unknown>,
        prompt: prompts[0] ? { system: prompts[0].system ?? "", instructions: prompts[0].instructions } : null,
        prompts,
      };
    }),
  };
}
