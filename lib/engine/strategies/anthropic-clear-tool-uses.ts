import { z } from "zod";
import { clearToolUses, DEFAULT_CLEAR_TOOL_USES_SETTINGS } from "../prune/clear-tool-uses";
import { clearToolUsesProtection } from "../prune/clear-tool-uses-protection";
import { defineStrategy } from "./strategy";

export const DEFAULT_ANTHROPIC_CLEAR_TOOL_USES_SETTINGS = DEFAULT_CLEAR_TOOL_USES_SETTINGS;

export const AnthropicClearToolUsesSettingsSchema = z.strictObject({
  trigger: z.number().int().min(0),
  keep: z.number().int().min(0),
  clearAtLeast: z.number().int().min(0),
  excludeTools: z.array(z.string()),
  clearToolInputs: z.boolean(),
});
export type AnthropicClearToolUsesSettings = z.infer<typeof AnthropicClearToolUsesSettingsSchema>;

/**
 * Anthropic's server-side context editing, `clear_tool_uses_20250919`, replayed client-side: before each call
 * over `trigger` tokens, clear all but the newest `keep` tool results. The API counts input tokens exactly;
 * the lab uses the replay's estimator. A clearing reports what it spared (the newest `keep` results, the
 * `excludeTools` results it passed) on its prune event; that reporting changes nothing it clears.
 */
export const anthropicClearToolUsesStrategy = defineStrategy<AnthropicClearToolUsesSettings>({
  id: "anthropic-clear-tool-uses",
  label: "Anthropic clear_tool_uses",
  description: "Over 100K tokens, clear every tool result but the newest 3 (API context editing).",
  source: {
    kind: "peer",
    name: "Anthropic context editing (clear_tool_uses_20250919)",
    version: "clear_tool_uses_20250919",
    asOf: "2025-09-19",
    url: "https://docs.anthropic.com/en/docs/build-with-claude/context-editing",
  },
  defaults: DEFAULT_ANTHROPIC_CLEAR_TOOL_USES_SETTINGS,
  settingsSchema: AnthropicClearToolUsesSettingsSchema,
  triggers: ["before-call"],
  decide: ({ context, settings }) => {
    const marks = clearToolUses(context, settings);
    return marks.length > 0 ? { marks, protected: clearToolUsesProtection(context, settings) } : { marks };
  },
});
