import { z } from "zod";
import type { SummaryFormat } from "../summarize/summarizer";
import { consecutiveThrashes } from "./claude-code/consecutive-thrashes";
import { idleCompactionPoint } from "./claude-code/idle-compaction";
import { invokedSkills } from "./claude-code/invoked-skills";
import { microcompact, recentlyReadFiles } from "./claude-code/microcompact";
import { defineStrategy, type LayoutItem, type StrategyNote, type StrategySource } from "./strategy";

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
  /**
   * `autoCompactWindow` (settings.json, 2.1.311+) / `CLAUDE_CODE_AUTO_COMPACT_WINDOW`: the window the auto-compact
   * arithmetic uses instead of the model's, capped at the model's; null = the model's window
   */
  autoCompactWindow: null as number | null,
  /**
   * `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE`: compact at this percentage of the window less the output reserve — only
   * ever earlier than the default trigger (Claude Code takes the smaller); null = not set
   */
  autocompactPctOverride: null as number | null,
  /** idle compaction (v2.1.299, settings.json `idleCompaction`): off here, the behaviour before 2.1.299 */
  idleCompaction: false,
  /** `CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS`: idle compaction only for a conversation at least this large */
  idleCompactMinTokens: 200_000,
  /** how long idle before it compacts: about 54 minutes, ahead of the one-hour cache's expiry (not a setting) */
  idleCompactAfterMinutes: 54,
  /**
   * re-inject invoked skills' bodies after a compaction (code.claude.com/docs/en/context-window): off in this first
   * reproduction, which predates the lab reading that table, so its figures stay as they were measured
   */
  reattachSkills: false,
  postCompactMaxTokensPerSkill: 5_000,
  postCompactSkillTokenBudget: 25_000,
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
  autoCompactWindow: z.number().int().min(1).nullable(),
  autocompactPctOverride: z.number().gt(0).max(100).nullable(),
  idleCompaction: z.boolean(),
  idleCompactMinTokens: z.number().int().min(0),
  idleCompactAfterMinutes: z.number().min(0),
  reattachSkills: z.boolean(),
  postCompactMaxTokensPerSkill: z.number().int().min(0),
  postCompactSkillTokenBudget: z.number().int().min(0),
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
export const claudeCodeStrategy = defineClaudeCode({
  id: "claude-code",
  label: "Claude Code",
  description: "At window − 33,000: clear old tool results if that frees ≥ 20,000, else summarize everything into nine sections and re-attach recent files.",
  source: {
    kind: "peer",
    name: "Claude Code (auto-compact, microcompact)",
    version: "2.1.296 and earlier",
    asOf: "2026-10-10",
    url: "https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md",
    undocumented: [
      "microcompact's keep-count before the auto-compact trigger: no public source gives one; the lab keeps 3",
      "the summarization prompt: only its nine section headings are public; the wording is the lab's",
    ],
  },
  defaults: DEFAULT_CLAUDE_CODE_SETTINGS,
});

/**
 * Claude Code 2.1.299 (2026-10-14): the same auto-compact, plus idle compaction — on by default, a conversation of at
 * least 200,000 tokens idle about 54 minutes is compacted before the one-hour cache expires — and what survives a
 * compaction as documented (code.claude.com/docs/en/context-window): up to 5 recently read files (5,000 tokens each,
 * 50,000 in all) and the invoked skills' bodies (5,000 tokens each, 25,000 in all, oldest dropped first). Project
 * CLAUDE.md, auto memory and unscoped rules are re-read from disk by Claude Code: they live in its system prompt, which
 * the lab does not compact either.
 */
export const claudeCode2_1_299Strategy = defineClaudeCode({
  id: "claude-code@2.1.299",
  versionOf: "claude-code",
  label: "Claude Code 2.1.299",
  description:
    "As claude-code, plus idle compaction (≥ 200,000 tokens idle ~54 min, before the 1-hour cache expires; idleCompaction toggles it) and invoked skills re-attached after a compaction (5,000 tokens each, 25,000 in all).",
  source: {
    kind: "peer",
    name: "Claude Code (auto-compact, microcompact, idle compaction)",
    version: "2.1.299",
    asOf: "2026-10-14",
    url: "https://code.claude.com/docs/en/changelog",
    undocumented: [
      "the idle time before an idle compaction: the changelog and docs say only that it comes before the one-hour cache expires; about 54 minutes is what third-party tools measured (dev.classmethod.jp 2026-10-14, conPACT 1.5.0); the lab's idleCompactAfterMinutes is that figure",
      "whether idle compaction also runs microcompact first: not documented; the lab summarizes as a full compaction does",
      "microcompact's keep-count before the auto-compact trigger: no public source gives one; the lab keeps 3",
    ],
  },
  defaults: { ...DEFAULT_CLAUDE_CODE_SETTINGS, idleCompaction: true, reattachSkills: true },
});

/** One version of Claude Code's compaction: the decision is shared, the defaults and the source say which version. */
function defineClaudeCode(options: {
  id: string;
  versionOf?: string;
  label: string;
  description: string;
  source: StrategySource;
  defaults: ClaudeCodeSettings;
}) {
  return defineStrategy<ClaudeCodeSettings>({
    ...options,
    settingsSchema: ClaudeCodeSettingsSchema,
    triggers: ["before-call"],
    autoTrigger: (settings, window) => claudeCodeTrigger(window, settings),
    decide({ context, settings, window, events, step, force }) {
      const trigger = claudeCodeTrigger(window, settings);
      const idle = !force && settings.idleCompaction && context.tokens >= settings.idleCompactMinTokens && context.tokens < trigger
        ? idleCompactionPoint(context, settings.idleCompactAfterMinutes)
        : null;
      if (context.tokens < trigger && !force && !idle) return {};
      if (!force && !idle) {
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

      const cleared = idle ? { marks: [], freed: 0, protected: [] } : microcompact(context, settings);
      const protection = { protected: cleared.protected };
      if (!force && !idle && context.tokens - cleared.freed < trigger) return { marks: cleared.marks, ...protection };

      let head = 0;
      while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
      // an idle compaction runs while the user is away: what they sent on coming back follows the summary
      const summarizeTo = idle ? idle.resumeAt : context.length;
      if (head >= summarizeTo) return { marks: cleared.marks, ...protection };
      const files: LayoutItem[] = recentlyReadFiles(context, settings).map((file) => ({
        kind: "synthetic",
        role: "user",
        purpose: "note",
        text: `Contents of ${file.path}, as last read before the conversation was summarized:\n\n${file.content}`,
      }));
      const skills: LayoutItem[] = settings.reattachSkills
        ? invokedSkills(context, settings).map((skill) => ({
            kind: "synthetic",
            role: "user",
            purpose: "note",
            text: `The skill "${skill.name}" was in use before the conversation was summarized; its instructions:\n\n${skill.body}`,
          }))
        : [];
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
        ...skills,
        ...(summarizeTo < context.length ? [{ kind: "keep" as const, from: summarizeTo, to: context.length }] : []),
      ];
      return {
        marks: cleared.marks,
        ...protection,
        compaction: {
          reason: idle
            ? `idle ${Math.round(idle.idleMinutes)} min ≥ ${settings.idleCompactAfterMinutes} with context ${context.tokens} ≥ ${settings.idleCompactMinTokens}: idle compaction before the cache expires`
            : context.tokens < trigger
              ? "compaction requested"
              : trigger <= 0
                ? `the window ${window} is no larger than the output + buffer reserve ${window - trigger}: every context is past the auto-compact threshold (${trigger})`
                : `context ${context.tokens} ≥ auto-compact threshold ${trigger}`,
          summaries: [
            {
              ranges: [{ from: head, to: summarizeTo }],
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
}

/**
 * The auto-compact threshold for a window: the window (or `autoCompactWindow`, capped at it) less the summary's
 * output reserve and the 13,000 buffer; `autocompactPctOverride` can only bring it earlier — that percentage of
 * the window less the reserve, when smaller (anthropics/claude-code#31806). Unset settings (absent, null) are the
 * behaviour before they existed.
 */
export function claudeCodeTrigger(window: number, settings: ClaudeCodeSettings): number {
  const effective = settings.autoCompactWindow == null ? window : Math.min(settings.autoCompactWindow, window);
  const reserved = effective - Math.min(settings.maxOutputTokens, settings.maxOutputTokensForSummary);
  const trigger = reserved - settings.autocompactBufferTokens;
  if (settings.autocompactPctOverride == null) return trigger;
  return Math.min(Math.floor((reserved * settings.autocompactPctOverride) / 100), trigger);
}
