import type { MicroAgentSettings } from "../../engine/strategies/micro-agent";
import { jsonText } from "./format-snippet";
import { defineSnippetBuilder, noKnobNotes } from "./snippet-builder";

const AGENT = "micro-agent (seed 002)";

/**
 * Seed 002's appsettings.json keys: `CompactionStrategy` ("summarize"), `CompactionThresholdTokens`,
 * `ProtectedTailMessages`. The 50-message trim is the `MaxConversationMessages` constant there, not a setting.
 */
export const microAgentSnippetBuilder = defineSnippetBuilder<MicroAgentSettings>({
  agent: AGENT,
  format: "json",
  file: "appsettings.json",
  keys: ["compactionThresholdTokens", "protectedTailMessages", "maxConversationMessages"],
  build({ settings, defaults }) {
    return {
      text: jsonText({
        CompactionStrategy: "summarize",
        CompactionThresholdTokens: settings.compactionThresholdTokens,
        ProtectedTailMessages: settings.protectedTailMessages,
      }),
      notes: noKnobNotes({ settings, defaults, agent: AGENT, keys: ["maxConversationMessages"], instead: "MaxConversationMessages is a named constant" }),
    };
  },
});
