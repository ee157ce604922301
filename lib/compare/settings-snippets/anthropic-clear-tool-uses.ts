import type { AnthropicClearToolUsesSettings } from "../../engine/strategies/anthropic-clear-tool-uses";
import { jsonText, type SnippetValue } from "./format-snippet";
import { defineSnippetBuilder } from "./snippet-builder";

/** The beta header the Messages API needs for `context_management`. */
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27";

/**
 * The Messages API's `context_management` member (server-side context editing): one `clear_tool_uses_20250919`
 * edit with `trigger` (input tokens), `keep` (tool uses), `clear_at_least` (input tokens, left out at 0 = no
 * minimum), `exclude_tools` (left out when empty) and `clear_tool_inputs`.
 */
export const anthropicClearToolUsesSnippetBuilder = defineSnippetBuilder<AnthropicClearToolUsesSettings>({
  agent: "Anthropic Messages API (context editing)",
  format: "json",
  file: `the Messages API request body, sent with the header anthropic-beta: ${CONTEXT_MANAGEMENT_BETA}`,
  keys: ["trigger", "keep", "clearAtLeast", "excludeTools", "clearToolInputs"],
  build({ settings }) {
    const edit: Record<string, SnippetValue> = {
      type: "clear_tool_uses_20250919",
      trigger: { type: "input_tokens", value: settings.trigger },
      keep: { type: "tool_uses", value: settings.keep },
    };
    if (settings.clearAtLeast > 0) edit.clear_at_least = { type: "input_tokens", value: settings.clearAtLeast };
    if (settings.excludeTools.length > 0) edit.exclude_tools = settings.excludeTools;
    edit.clear_tool_inputs = settings.clearToolInputs;
    return {
      text: jsonText({ context_management: { edits: [edit] } }),
      notes: [
        `Merge into each request body; the beta header anthropic-beta: ${CONTEXT_MANAGEMENT_BETA} is required.`,
        "The API counts input tokens exactly; the lab's replay used its estimator, so the trigger fires at a slightly different point.",
      ],
    };
  },
});
