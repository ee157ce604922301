import type { ClaudeCodeSettings } from "../../engine/strategies/claude-code";
import { envLines } from "./format-snippet";
import { defineSnippetBuilder, noKnobNotes } from "./snippet-builder";

const AGENT = "Claude Code";
/** Claude Code's own numbers the lab's trigger formula mirrors (its auto-compact buffer and summary output cap). */
const CLAUDE_CODE_AUTOCOMPACT_BUFFER = 13_000;
const CLAUDE_CODE_SUMMARY_OUTPUT_CAP = 20_000;

/**
 * Claude Code reads these from its environment: `CLAUDE_CODE_AUTO_COMPACT_WINDOW` (the window its auto-compact
 * arithmetic uses, capped at the model's real window), `CLAUDE_CODE_MAX_OUTPUT_TOKENS` (min(it, 20,000) is
 * reserved from that window) and `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` (compact at this percentage of the
 * reserved-for window instead — it can only move the trigger *earlier*: Claude Code takes the smaller of it and
 * its default, window − reserve − 13,000).
 *
 * The lab's trigger is window − min(maxOutputTokens, maxOutputTokensForSummary) − autocompactBufferTokens. A buffer
 * above 13,000 (an earlier trigger) is written as a whole-number percentage, rounded to the nearest, and the note
 * says where Claude Code will compact; a buffer below 13,000 cannot be set (noted). Microcompact, the post-compact
 * file re-attachment and the thrash guard have no knobs.
 */
export const claudeCodeSnippetBuilder = defineSnippetBuilder<ClaudeCodeSettings>({
  agent: AGENT,
  format: "env",
  file: "the shell that starts claude (e.g. ~/.bashrc or ~/.zshrc)",
  keys: [
    "maxOutputTokens",
    "maxOutputTokensForSummary",
    "autocompactBufferTokens",
    "microcompactKeepRecent",
    "microcompactMinimumSavings",
    "compactableTools",
    "postCompactMaxFiles",
    "postCompactMaxTokensPerFile",
    "postCompactTokenBudget",
    "thrashTurns",
    "thrashLimit",
  ],
  build({ settings, defaults, window }) {
    const notes: string[] = [];
    const labTrigger = window - Math.min(settings.maxOutputTokens, settings.maxOutputTokensForSummary) - settings.autocompactBufferTokens;
    const reservedWindow = window - Math.min(settings.maxOutputTokens, CLAUDE_CODE_SUMMARY_OUTPUT_CAP);
    const claudeDefault = reservedWindow - CLAUDE_CODE_AUTOCOMPACT_BUFFER;
    const entries: [string, number][] = [
      ["CLAUDE_CODE_AUTO_COMPACT_WINDOW", window],
      ["CLAUDE_CODE_MAX_OUTPUT_TOKENS", settings.maxOutputTokens],
    ];
    if (labTrigger < claudeDefault && reservedWindow > 0) {
      const percent = Math.max(1, Math.round((labTrigger / reservedWindow) * 100));
      const claudeTrigger = Math.min(Math.floor((reservedWindow * percent) / 100), claudeDefault);
      entries.push(["CLAUDE_AUTOCOMPACT_PCT_OVERRIDE", percent]);
      if (claudeTrigger !== labTrigger) {
        notes.push(
          `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE is a percentage of ${reservedWindow.toLocaleString("en-US")} (the window less the output reserve), written here as a whole number: Claude Code compacts at ${claudeTrigger.toLocaleString("en-US")} tokens, the lab at ${labTrigger.toLocaleString("en-US")}.`,
        );
      }
    } else if (labTrigger > claudeDefault) {
      notes.push(
        `The lab compacts at ${labTrigger.toLocaleString("en-US")} tokens, later than Claude Code's own trigger (${claudeDefault.toLocaleString("en-US")}); CLAUDE_AUTOCOMPACT_PCT_OVERRIDE can only move it earlier, so Claude Code will still compact at ${claudeDefault.toLocaleString("en-US")}.`,
      );
    }
    notes.push(
      "Export these before starting claude: the env block of settings.json has been reported not to reach the auto-compact threshold. CLAUDE_CODE_AUTO_COMPACT_WINDOW is capped at the model's own window; CLAUDE_CODE_MAX_OUTPUT_TOKENS also caps Claude Code's replies.",
    );
    notes.push(
      ...noKnobNotes({ settings, defaults, agent: AGENT, keys: ["maxOutputTokensForSummary"], instead: `its summary output cap is built in (${CLAUDE_CODE_SUMMARY_OUTPUT_CAP.toLocaleString("en-US")})` }),
      ...noKnobNotes({
        settings,
        defaults,
        agent: AGENT,
        keys: ["microcompactKeepRecent", "microcompactMinimumSavings", "compactableTools", "postCompactMaxFiles", "postCompactMaxTokensPerFile", "postCompactTokenBudget", "thrashTurns", "thrashLimit"],
        instead: "built into its microcompact, post-compact file re-attachment and thrash guard",
      }),
    );
    return { text: envLines(entries), notes };
  },
});
