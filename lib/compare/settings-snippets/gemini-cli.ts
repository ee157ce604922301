import type { GeminiCliSettings } from "../../engine/strategies/gemini-cli";
import { jsonText } from "./format-snippet";
import { defineSnippetBuilder, noKnobNotes } from "./snippet-builder";

const AGENT = "gemini-cli";

/**
 * gemini-cli's settings.json (the nested layout of September 2025 on): `model.compressionThreshold`, the share of
 * the model's token limit that triggers chat compression. The share of history kept is a constant there.
 */
export const geminiCliSnippetBuilder = defineSnippetBuilder<GeminiCliSettings>({
  agent: AGENT,
  format: "json",
  file: "~/.gemini/settings.json (or .gemini/settings.json in the project)",
  keys: ["compressionThreshold", "compressionPreserveThreshold"],
  build({ settings, defaults, window }) {
    return {
      text: jsonText({ model: { compressionThreshold: settings.compressionThreshold } }),
      notes: [
        "Older gemini-cli versions (the flat settings layout) read chatCompression.contextPercentageThreshold instead of model.compressionThreshold.",
        `gemini-cli takes the token limit from the model (the lab replayed with ${window.toLocaleString("en-US")} tokens).`,
        ...noKnobNotes({ settings, defaults, agent: AGENT, keys: ["compressionPreserveThreshold"], instead: "the share of history kept is a constant in its chat compression service" }),
      ],
    };
  },
});
