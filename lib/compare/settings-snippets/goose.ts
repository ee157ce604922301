import type { GooseSettings } from "../../engine/strategies/goose";
import { envLines } from "./format-snippet";
import { defineSnippetBuilder } from "./snippet-builder";

/**
 * Goose reads `GOOSE_AUTO_COMPACT_THRESHOLD` from its environment (or the root of ~/.config/goose/config.yaml): the
 * share of the model's context limit at which it summarizes the session; 0.0 turns auto-compaction off.
 */
export const gooseSnippetBuilder = defineSnippetBuilder<GooseSettings>({
  agent: "Goose",
  format: "env",
  file: "the shell that starts goose (or the same key at the root of ~/.config/goose/config.yaml)",
  keys: ["autoCompactThreshold"],
  build({ settings }) {
    const notes = settings.autoCompactThreshold === 0 ? ["0.0 turns Goose's auto-compaction off; a session then runs into its context strategy (summarize, truncate, clear or prompt) at the limit."] : [];
    return { text: envLines([["GOOSE_AUTO_COMPACT_THRESHOLD", settings.autoCompactThreshold]]), notes };
  },
});
