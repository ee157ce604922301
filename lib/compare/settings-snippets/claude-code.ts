import { claudeCodeTrigger, type ClaudeCodeSettings } from "../../engine/strategies/claude-code";
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
 * The lab's trigger is {@link claudeCodeTrigger}: the window (or `autoCompactWindow`, capped at it) less
 * min(maxOutputTokens, maxOutputTokensForSummary) and autocompactBufferTokens, brought earlier by
 * `autocompactPctOverride`. A trigger earlier than Claude Code's default there (a buffer above 13,000, or the
 * override) is written as a whole-number percentage, rounded to the nearest, and the note says where Claude Code will
 * compact; a later one cannot be set (noted). Microcompact, the post-compact file and skill re-attachment and the
 * thrash guard have no knobs.
 *
 * The snippet follows the version: idle compaction (2.1.299+) is `CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS` when on, and
 * a note to write `"idleCompaction": false` into ~/.claude/settings.json when off (the toggle is a settings key, not an
 * environment variable) — what a user on 2.1.299 or later needs to match `claude-code`, which predates it.
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
    "autoCompactWindow",
    "autocompactPctOverride",
    "idleCompaction",
    "idleCompactMinTokens",
    "idleCompactAfterMinutes",
    "reattachSkills",
    "postCompactMaxTokensPerSkill",
    "postCompactSkillTokenBudget",
  ],
  build({ settings, defaults, window }) {
    const notes: string[] = [];
    const effectiveWindow = settings.autoCompactWindow === null ? window : Math.min(settings.autoCompactWindow, window);
    const labTrigger = claudeCodeTrigger(window, settings);
    const reservedWindow = effectiveWindow - Math.min(settings.maxOutputTokens, CLAUDE_CODE_SUMMARY_OUTPUT_CAP);
    const claudeDefault = reservedWindow - CLAUDE_CODE_AUTOCOMPACT_BUFFER;
    const entries: [string, number][] = [
      ["CLAUDE_CODE_AUTO_COMPACT_WINDOW", effectiveWindow],
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
    if (settings.idleCompaction) {
      entries.push(["CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS", settings.idleCompactMinTokens]);
      notes.push("Idle compaction needs Claude Code 2.1.299 or later; it is on there unless settings.json says \"idleCompaction\": false.");
    } else {
      notes.push('Claude Code 2.1.299 and later compact a conversation left idle (≥ 200,000 tokens, before the one-hour cache expires): to match this configuration there, add "idleCompaction": false to ~/.claude/settings.json (or turn it off in /config).');
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
      ...noKnobNotes({
        settings,
        defaults,
        agent: AGENT,
        keys: ["idleCompactAfterMinutes", "reattachSkills", "postCompactMaxTokensPerSkill", "postCompactSkillTokenBudget"],
        instead: "its idle timing (before the one-hour cache expires) and its skill re-injection caps are built in",
      }),
    );
    return { text: envLines(entries), notes };
  },
});
