import { z } from "zod";
import type { ReplayEvent } from "../simulate/replay-events";
import type { SummaryFormat } from "../summarize/summarizer";
import { microcompact, recentlyReadFiles } from "./claude-code/microcompact";
import { defineStrategy, type LayoutItem, type StrategyNote } from "./strategy";

/**
 * Claude Code's auto-compact numbers: the trigger is `window − min(maxOutputTokens, maxOutputTokensForSummary)
 * − autocompactBufferTokens` (200K → 167,000 with the default 32,000 output tokens).
 */
export const DEFAULT_CLAUDE_CODE_SETTINGS = {
  /** the maxOutputTokens setting; min(it, maxOutputTokensForSummary) is reserved from the window */
  maxOutputTokens: 32_000,
  maxOutputTokensForSummary: 20_000,
  autocompactBufferTokens: 13_000,
  /** microcompact: the newest results of compactable tools it leaves alone (no public source found; see below) */
  microcompactKeepRecent: 3,
  /** microcompact runs only when it frees at least this many tokens */
  microcompactMinimumSavings: 20_000,
  /** the tools whose old results microcompact clears */
  compactableTools: ["Read", "Bash", "Grep", "Glob", "WebFetch", "WebSearch", "Edit", "Write"],
  /** files re-attached after a full compaction: how many, tokens each, tokens in all */
  postCompactMaxFiles: 5,
  postCompactMaxTokensPerFile: 5_000,
  postCompactTokenBudget: 50_000,
  /** thrash guard: a compaction refilled above the trigger within this many calls counts as a thrash … */
  thrashTurns: 3,
  /** … and this many in a row stop auto-compacting */
  thrashLimit: 3,
};

export const ClaudeCodeSettingsSchema = z.strictObject({
  maxOutputTokens: z.number().int().min(0),
  maxOutputTokensForSummary: z.number().int().min(0),
  autocompactBufferTokens: z.number().int().min(0),
  microcompactKeepRecent: z.number().int().min(0),
  microcompactMinimumSavings: z.number().int().min(0),
  compactableTools: z.array(z.string()),
  postCompactMaxFiles: z.number().int().min(0),
  postCompactMaxTokensPerFile: z.number().int().min(0),
  postCompactTokenBudget: z.number().int().min(0),
  thrashTurns: z.number().int().min(1),
  thrashLimit: z.number().int().min(1),
});
export type ClaudeCodeSettings = z.infer<typeof ClaudeCodeSettingsSchema>;

/** The opening sentence of Claude Code's continuation message (as recorded in its transcripts, FORMATS.md §a). */
export const CLAUDE_CODE_CONTINUATION_OPENING =
  "This session is being continued from a previous conversation that ran out of context.";
export const CLAUDE_CODE_THRASH_GUARD = "claude-code-thrash";

/** Claude Code's nine summary sections (headings as Claude Code names them; prompt wording below is the lab's). */
export const CLAUDE_CODE_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "1. Primary Request and Intent", fill: ["goal", "constraints"] },
    { heading: "2. Key Technical Concepts", fill: ["technical", "decisions"] },
    { heading: "3. Files and Code Sections", fill: ["files"] },
    { heading: "4. Errors and fixes", fill: ["errors"] },
    { heading: "5. Problem Solving", fill: ["progress", "decisions"] },
    { heading: "6. All user messages", fill: ["timeline"] },
    { heading: "7. Pending Tasks", fill: ["pending"] },
    { heading: "8. Current Work", fill: ["active-work"] },
    { heading: "9. Optional Next Step", fill: ["next-steps"] },
  ],
};

const SYSTEM_PROMPT = "You write thorough, faithful summaries of coding conversations so the work can continue from them alone.";

export const CLAUDE_CODE_SUMMARY_INSTRUCTIONS =
  "Summarize the whole conversation above in detail: the user's explicit requests and what you did about them, " +
  "with the technical detail, code and decisions needed to carry on without the original messages. Think it " +
  "through in <analysis> tags first, going through the conversation in order, then give the summary in <summary> " +
  "tags under these numbered headings: 1. Primary Request and Intent; 2. Key Technical Concepts; 3. Files and " +
  "Code Sections (with the important snippets and why each file matters); 4. Errors and fixes (including what the " +
  "user said about them); 5. Problem Solving; 6. All user messages (every one that is not a tool result, in " +
  "order); 7. Pending Tasks; 8. Current Work (exactly what was being done just before this summary); 9. Optional " +
  "Next Step (only if it follows directly from the latest request; quote the conversation to show where it left off).";

/**
 * Claude Code's auto-compact. Before each call at or above the trigger (`window − min(maxOutputTokens, 20,000)
 * − 13,000`): first microcompact — clear the results of compactable tools (Read, Bash, Grep, Glob, WebFetch,
 * WebSearch, Edit, Write) except the newest few, but only if that frees at least 20,000 tokens; if the context is
 * still at or above the trigger, a full compaction summarizes everything into Claude Code's nine sections and
 * replaces the history by the "This session is being continued…" user message, followed by the most recently
 * read files re-attached (up to 5, 5,000 tokens each, 50,000 in all). Thrash guard: when a compaction's context
 * was back at the trigger within 3 calls, 3 times in a row, auto-compaction stops and a guard event says so
 * (a forced compaction still runs).
 *
 * Deliberate differences: the microcompact keep-count is 3 — the public write-ups give 5 only for the later
 * time-based microcompact, and none for this one; the lab runs microcompact at the auto-compact trigger (not on
 * Claude Code's own schedules: idle time, cache edits). Re-attached files carry the content the transcript last
 * read (Claude Code re-reads them from disk). Tool names are matched loosely (`read_file` counts as Read) so other
 * agents' sessions are comparable. The replay's output reserve is not added on top of Claude Code's own.
 */
export const claudeCodeStrategy = defineStrategy<ClaudeCodeSettings>({
  id: "claude-code",
  label: "Claude Code",
  description: "At window − 33,000: clear old tool results if that frees ≥ 20,000, else summarize everything into nine sections and re-attach recent files.",
  source: { kind: "peer", name: "Claude Code (auto-compact, microcompact)", url: "https://github.com/anthropics/claude-code" },
  defaults: DEFAULT_CLAUDE_CODE_SETTINGS,
  settingsSchema: ClaudeCodeSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings, window) => claudeCodeTrigger(window, settings),
  decide({ context, settings, window, events, step, force }) {
    const trigger = claudeCodeTrigger(window, settings);
    if (context.tokens < trigger && !force) return {};
    if (!force) {
      if (events.some((event) => event.type === "guard" && event.guard === CLAUDE_CODE_THRASH_GUARD)) return {};
      const thrashes = consecutiveThrashes(events, step, settings.thrashTurns);
      if (thrashes >= settings.thrashLimit) {
        const note: StrategyNote = {
          type: "guard",
          guard: CLAUDE_CODE_THRASH_GUARD,
          message: `${thrashes} compactions in a row were back at the trigger (${trigger}) within ${settings.thrashTurns} calls: auto-compaction stopped`,
        };
        return { notes: [note] };
      }
    }

    const cleared = microcompact(context, settings);
    const protection = { protected: cleared.protected };
    if (!force && context.tokens - cleared.freed < trigger) return { marks: cleared.marks, ...protection };

    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
    if (head >= context.length) return { marks: cleared.marks, ...protection };
    const files: LayoutItem[] = recentlyReadFiles(context, settings).map((file) => ({
      kind: "synthetic",
      role: "user",
      purpose: "note",
      text: `Contents of ${file.path}, as last read before the conversation was summarized:\n\n${file.content}`,
    }));
    const layout: LayoutItem[] = [
      ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
      {
        kind: "synthetic",
        role: "user",
        purpose: "summary",
        text:
          `${CLAUDE_CODE_CONTINUATION_OPENING} What came before is summarized below.\n\n{{summary}}\n\n` +
          "Pick up where the conversation stopped, with the task you were last working on, without asking the user anything further.",
      },
      ...files,
    ];
    return {
      marks: cleared.marks,
      ...protection,
      compaction: {
        reason:
          context.tokens < trigger
            ? "compaction requested"
            : trigger <= 0
              ? `the window ${window} is no larger than the output + buffer reserve ${window - trigger}: every context is past the auto-compact threshold (${trigger})`
              : `context ${context.tokens} ≥ auto-compact threshold ${trigger}`,
        summaries: [
          {
            ranges: [{ from: head, to: context.length }],
            request: {
              system: SYSTEM_PROMPT,
              instructions: CLAUDE_CODE_SUMMARY_INSTRUCTIONS,
              format: CLAUDE_CODE_SUMMARY_FORMAT,
              maxOutputTokens: settings.maxOutputTokensForSummary,
            },
          },
        ],
        layout,
        budget: trigger,
      },
    };
  },
});

/** The auto-compact threshold for a window. */
export function claudeCodeTrigger(window: number, settings: ClaudeCodeSettings): number {
  return window - Math.min(settings.maxOutputTokens, settings.maxOutputTokensForSummary) - settings.autocompactBufferTokens;
}

/**
 * How many compactions in a row, newest first, were followed by another need to compact within `turns` calls —
 * counting the one about to happen at `step`. Each compaction is the first one at or after the call it preceded.
 */
function consecutiveThrashes(events: readonly ReplayEvent[], step: number, turns: number): number {
  // walked back from the newest event, stopping at the first gap: reading every event at every trigger made a
  // long replay quadratic in its compactions
  let next = step;
  let count = 0;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event.type !== "compaction-start") continue;
    if (next - event.step > turns) break;
    count++;
    next = event.step;
  }
  return count;
}
