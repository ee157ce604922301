import { z } from "zod";
import type { SummaryFormat } from "../summarize/summarizer";
import { collectFileLists, formatFileLists } from "./pi/file-operations";
import { defineStrategy, type ContextView, type LayoutItem, type SummaryPlan } from "./strategy";

/** pi-coding-agent's compaction settings (`reserveTokens`, `keepRecentTokens`). */
export const DEFAULT_PI_SETTINGS = { reserveTokens: 16_384, keepRecentTokens: 20_000 };

export const PiSettingsSchema = z.strictObject({
  reserveTokens: z.number().int().min(0),
  keepRecentTokens: z.number().int().min(1),
});
export type PiSettings = z.infer<typeof PiSettingsSchema>;

/** How pi hands the summary to the model (the wrapper text as documented in FORMATS.md §d). */
export const PI_SUMMARY_PREFIX = "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
export const PI_SUMMARY_SUFFIX = "\n</summary>";
/** pi's separator between the history summary and a split turn's prefix summary. */
export const PI_TURN_CONTEXT_HEADING = "\n\n---\n\n**Turn Context (split turn):**\n\n";
/** What pi's split-turn summary says when nothing before the split turn is left to summarize. */
export const PI_NO_PRIOR_HISTORY = "No prior history.";

const SYSTEM_PROMPT =
  "You condense a conversation between a user and an AI coding assistant into notes the assistant will work from " +
  "later. Do not continue the conversation or act on any request in it; reply with the summary only, in the layout asked for.";

const LAYOUT =
  "Sections, in this order: ## Goal (what the user wants; several items if the session covered several tasks); " +
  '## Constraints & Preferences (requirements the user stated, or "(none)"); ## Progress, split into ### Done ' +
  '("- [x]" items), ### In Progress ("- [ ]" items) and ### Blocked; ## Key Decisions ("- **decision**: why"); ' +
  '## Next Steps (numbered, in order); ## Critical Context (data or references needed to go on, or "(none)"). ' +
  "Keep every section short, and copy file paths, function names and error messages exactly.";

/** Initial summary: a structured checkpoint another model resumes from (pi's checkpoint layout, own wording). */
export const PI_SUMMARY_INSTRUCTIONS = `Write a checkpoint of the conversation above that another model can resume the work from. ${LAYOUT}`;

/** Iterative update (pi's UPDATE idea, own wording): fold the new messages into the previous summary. */
export const PI_UPDATE_INSTRUCTIONS =
  "The messages above came after the previous summary you are given. Update that summary instead of starting " +
  "over: keep everything it records, add the new progress, decisions and context, move finished work from In " +
  `Progress to Done, rewrite Next Steps for where things stand now, and remove only what no longer matters. ${LAYOUT}`;

/** The prefix of a split turn, summarized only as far as the kept rest of the turn needs it. */
export const PI_TURN_PREFIX_INSTRUCTIONS =
  "The messages above are the beginning of a turn too long to keep; the rest of that turn stays in the context. " +
  "Summarize this beginning only as far as the kept part needs it: ## Original Request (what the user asked for " +
  "in this turn), ## Early Progress (work done and decisions made so far), ## Context for Suffix (what the kept " +
  "messages rely on). Be brief.";

export const PI_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "## Goal", fill: ["goal"] },
    { heading: "## Constraints & Preferences", fill: ["constraints"] },
    { heading: "## Progress", fill: ["progress", "active-work", "errors"] },
    { heading: "## Key Decisions", fill: ["decisions"] },
    { heading: "## Next Steps", fill: ["next-steps"] },
    { heading: "## Critical Context", fill: ["critical-context"] },
  ],
};

export const PI_TURN_PREFIX_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "## Original Request", fill: ["last-request"] },
    { heading: "## Early Progress", fill: ["progress", "decisions"] },
    { heading: "## Context for Suffix", fill: ["active-work", "critical-context"] },
  ],
};

/** Where pi cuts: the first kept position and, for a cut inside a turn, where that turn starts. */
export interface PiCut {
  firstKept: number;
  /** position of the user message that starts the split turn, or null when the cut is at a turn start */
  turnStart: number | null;
}

/**
 * pi's cut point: walk back from the newest message adding up estimated tokens until `keepRecentTokens` is
 * reached, then move FORWARD to the nearest valid cut point at or after that message — any message but a tool
 * result, so a call always keeps its results. Null when the walk never reaches the budget or no valid cut point
 * follows it (pi then keeps everything, which leaves nothing to summarize). A cut at an assistant message is a
 * split turn whose start is the nearest user message before it, if one lies in the range.
 */
export function findPiCut(options: { context: ContextView; from: number; keepRecentTokens: number }): PiCut | null {
  const { context, from } = options;
  let accumulated = 0;
  let position = context.length;
  while (position > from && accumulated < options.keepRecentTokens) accumulated += context.entryTokens(--position);
  if (accumulated < options.keepRecentTokens) return null;
  while (position < context.length && context.entry(position).message.role === "tool") position++;
  if (position >= context.length || position <= from) return null;
  if (context.entry(position).message.role === "user") return { firstKept: position, turnStart: null };
  for (let candidate = position - 1; candidate >= from; candidate--) {
    if (context.entry(candidate).message.role === "user") return { firstKept: position, turnStart: candidate };
  }
  return { firstKept: position, turnStart: null };
}

/**
 * pi-coding-agent's compaction. Before each call, when the context exceeds `window − reserveTokens`, pi keeps
 * the newest ~`keepRecentTokens` (see {@link findPiCut}) and summarizes everything between the previous summary
 * and the cut; a previous summary is UPDATED with the new messages rather than rewritten. When the cut splits a
 * turn, the turn's beginning gets a summary of its own, appended after a "Turn Context (split turn)" rule.
 * The read / modified file lists of the summarized messages, added to the previous compaction's, follow as
 * `<read-files>` / `<modified-files>` blocks. The context becomes [summary as a user message] + the kept messages.
 *
 * Deliberate differences: pi measures the context as the last call's recorded usage plus estimates of what came
 * after; the lab uses the replay's estimator for all of it (the same size pi sees after a call, checked before
 * the next one). Leading system messages are kept (pi holds its system prompt outside the history). A second
 * compaction's range starts at the previous one's first kept message, as pi 0.73.1's prepareCompaction does (it
 * starts at the previous firstKeptEntryId). A split turn with no earlier history but a previous summary keeps that summary (updated with nothing)
 * instead of pi's "No prior history.". File operations are recognised for other agents' tool names too.
 */
export const piStrategy = defineStrategy<PiSettings>({
  id: "pi",
  label: "pi",
  description: "Over window − 16,384: summarize all but the newest ~20,000 tokens (split turns get their own summary), updating the previous summary.",
  source: {
    kind: "peer",
    name: "pi-coding-agent (compaction)",
    // the published package `npm run conformance` holds the lab's cut points and file lists against
    version: "@mariozechner/pi-coding-agent 0.73.1",
    asOf: "2026-07-17",
    url: "https://github.com/badlogic/pi-mono",
  },
  defaults: DEFAULT_PI_SETTINGS,
  settingsSchema: PiSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings, window) => window - settings.reserveTokens,
  decide({ context, settings, window, previousSummary, previousDetails, force }) {
    const threshold = window - settings.reserveTokens;
    if (context.tokens <= threshold && !force) return {};
    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
    const summaryPosition = context.lastSummaryPosition;
    const from = summaryPosition >= head ? summaryPosition + 1 : head;
    const cut = findPiCut({ context, from, keepRecentTokens: settings.keepRecentTokens });
    if (!cut) return {};

    const historyEnd = cut.turnStart ?? cut.firstKept;
    // the previous compaction's lists travel as structured details, never read back out of its summary text
    const summarized = Array.from({ length: cut.firstKept - from }, (_, offset) => context.entry(from + offset).message);
    const details = collectFileLists(summarized, previousDetails ?? { readFiles: [], modifiedFiles: [] });
    const fileLists = formatFileLists(details);

    const summaries: SummaryPlan[] = [];
    const historyRequest = {
      system: SYSTEM_PROMPT,
      instructions: previousSummary ? PI_UPDATE_INSTRUCTIONS : PI_SUMMARY_INSTRUCTIONS,
      format: PI_SUMMARY_FORMAT,
      maxOutputTokens: Math.floor(0.8 * settings.reserveTokens),
      ...(previousSummary ? { previousSummary } : {}),
    };
    let body: string;
    if (historyEnd > from || previousSummary) {
      summaries.push({ ranges: historyEnd > from ? [{ from, to: historyEnd }] : [], request: historyRequest });
      body = "{{summary:0}}";
    } else body = PI_NO_PRIOR_HISTORY;
    if (cut.turnStart !== null) {
      summaries.push({
        ranges: [{ from: cut.turnStart, to: cut.firstKept }],
        request: {
          system: SYSTEM_PROMPT,
          instructions: PI_TURN_PREFIX_INSTRUCTIONS,
          format: PI_TURN_PREFIX_FORMAT,
          maxOutputTokens: Math.floor(0.5 * settings.reserveTokens),
        },
      });
      body += `${PI_TURN_CONTEXT_HEADING}{{summary:${summaries.length - 1}}}`;
    }
    const layout: LayoutItem[] = [
      ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
      { kind: "synthetic", role: "user", purpose: "summary", text: `${PI_SUMMARY_PREFIX}${body}${fileLists}${PI_SUMMARY_SUFFIX}` },
      { kind: "keep", from: cut.firstKept, to: context.length },
    ];
    return {
      compaction: {
        reason: force && context.tokens <= threshold ? "compaction requested" : `context ${context.tokens} > window ${window} − reserve ${settings.reserveTokens} = ${threshold}`,
        summaries,
        layout,
        budget: threshold,
        protected: [{ kind: "tail", from: cut.firstKept, label: `newest ~${settings.keepRecentTokens} tokens kept verbatim (keepRecentTokens)` }],
        ...(cut.turnStart !== null ? { splitTurn: { from: cut.turnStart, to: cut.firstKept } } : {}),
        details,
      },
    };
  },
});
