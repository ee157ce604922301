import { CODEX_DEFAULT_LIMIT_RATIO, type CodexSettings } from "../../engine/strategies/codex";
import { tomlLines } from "./format-snippet";
import { defineSnippetBuilder, noKnobNotes } from "./snippet-builder";

const AGENT = "Codex CLI";

/**
 * Codex's config.toml: `model_context_window` (the window) and `model_auto_compact_token_limit` (compact at this
 * many tokens). The lab's null limit (90% of the window) is written out as a number, so the snippet does not
 * depend on what Codex's model catalogue says for the model. The kept user messages' budget has no config key.
 */
export const codexSnippetBuilder = defineSnippetBuilder<CodexSettings>({
  agent: AGENT,
  format: "toml",
  file: "~/.codex/config.toml",
  keys: ["autoCompactTokenLimit", "userMessageMaxTokens"],
  build({ settings, defaults, window }) {
    const limit = settings.autoCompactTokenLimit ?? Math.floor(window * CODEX_DEFAULT_LIMIT_RATIO);
    const notes: string[] = [];
    if (settings.autoCompactTokenLimit === null) {
      notes.push(`autoCompactTokenLimit is unset in the lab (${CODEX_DEFAULT_LIMIT_RATIO * 100}% of the window); written out as ${limit} so Codex does not fall back to its model catalogue's own limit.`);
    }
    notes.push(
      ...noKnobNotes({ settings, defaults, agent: AGENT, keys: ["userMessageMaxTokens"], instead: "no config key for the user-message budget a compaction keeps was found" }),
    );
    return {
      text: tomlLines([
        ["model_context_window", window],
        ["model_auto_compact_token_limit", limit],
      ]),
      notes,
    };
  },
});
