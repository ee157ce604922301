import type { PiSettings } from "../../engine/strategies/pi";
import { jsonText } from "./format-snippet";
import { defineSnippetBuilder } from "./snippet-builder";

/**
 * pi's settings.json `compaction` block: `enabled`, `reserveTokens`, `keepRecentTokens` (all three are pi's
 * documented keys). The window is the model's own: pi has no setting for it.
 */
export const piSnippetBuilder = defineSnippetBuilder<PiSettings>({
  agent: "pi (pi-coding-agent)",
  format: "json",
  file: "~/.pi/agent/settings.json (or .pi/settings.json in the project)",
  keys: ["reserveTokens", "keepRecentTokens"],
  build({ settings, window }) {
    return {
      text: jsonText({ compaction: { enabled: true, reserveTokens: settings.reserveTokens, keepRecentTokens: settings.keepRecentTokens } }),
      notes: [`pi takes the window from the model (the lab replayed with ${window.toLocaleString("en-US")} tokens); it has no setting for it.`],
    };
  },
});
