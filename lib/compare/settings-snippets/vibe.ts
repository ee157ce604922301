import type { VibeSettings } from "../../engine/strategies/vibe";
import { tomlLines } from "./format-snippet";
import { defineSnippetBuilder } from "./snippet-builder";

/**
 * Vibe's two compaction fields, named as seed 000 names them (VibeConfig `auto_compact_threshold`,
 * `context_warnings`; ≤ 0 turns auto-compaction off). The seed shows them as config fields, not a file: the file
 * and its TOML form are Mistral Vibe's public layout, noted as such.
 */
export const vibeSnippetBuilder = defineSnippetBuilder<VibeSettings>({
  agent: "Vibe",
  format: "toml",
  file: "~/.vibe/config.toml",
  keys: ["autoCompactThreshold", "contextWarnings"],
  build({ settings }) {
    const notes = [
      "Key names are seed 000's VibeConfig fields; the file location and TOML form are not in the seed. Newer Vibe releases may set auto_compact_threshold per model (in a [[models]] entry) — not confirmed here.",
    ];
    if (settings.autoCompactThreshold <= 0) notes.push("auto_compact_threshold ≤ 0 turns auto-compaction off (seed 000 §12).");
    return {
      text: tomlLines([
        ["auto_compact_threshold", settings.autoCompactThreshold],
        ["context_warnings", settings.contextWarnings],
      ]),
      notes,
    };
  },
});
