import { z } from "zod";
import type { SummaryFormat } from "../summarize/summarizer";
import { defineStrategy, type LayoutItem } from "./strategy";

/** Goose's documented default: compact at 80% of the model's context limit (0 disables it). */
export const DEFAULT_GOOSE_SETTINGS = {
  /** GOOSE_AUTO_COMPACT_THRESHOLD: the share of the context limit that triggers auto-compaction; 0 = off */
  autoCompactThreshold: 0.8,
};

export const GooseSettingsSchema = z.strictObject({
  autoCompactThreshold: z.number().min(0).max(1),
});
export type GooseSettings = z.infer<typeof GooseSettingsSchema>;

/**
 * The shape of Goose's compaction summary (crates/goose/src/prompts/compaction.md: a "context checkpoint" with these
 * sections, Progress split into Done / In Progress / Blocked). Headings are Goose's; the prompt's wording is the lab's.
 */
export const GOOSE_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "## Goal", fill: ["goal"] },
    { heading: "## Constraints & Preferences", fill: ["constraints"] },
    { heading: "## Progress", fill: ["progress", "active-work", "pending"] },
    { heading: "## Key Decisions", fill: ["decisions"] },
    { heading: "## Next Steps", fill: ["next-steps"] },
    { heading: "## Critical Context", fill: ["critical-context", "errors", "files"] },
  ],
};

export const GOOSE_SYSTEM_PROMPT = "You write context checkpoints: a structured record of a session that a model reads to carry on the work.";

export const GOOSE_INSTRUCTIONS =
  "Turn the conversation above into a context checkpoint for the model that continues it, in exactly these sections: " +
  "## Goal; ## Constraints & Preferences (or \"(none)\"); ## Progress, with ### Done (checked items, with file paths), " +
  "### In Progress and ### Blocked; ## Key Decisions (each with a short reason); ## Next Steps (numbered, in order); " +
  "## Critical Context (data, examples, error messages, references; or \"(none)\"). Be brief but complete, keep file " +
  "paths, function names and error messages exact, include code only where continuing needs it, and leave out what can " +
  "be read again from the files.";

export const GOOSE_SUMMARY_TEXT = "Summary of the conversation so far (earlier messages were compacted):\n\n{{summary}}";

/**
 * Goose's auto-compaction (block/goose): before a call whose context reaches `autoCompactThreshold` of the model's
 * context limit (GOOSE_AUTO_COMPACT_THRESHOLD, default 0.8; 0 turns it off), the conversation is summarized into a
 * context checkpoint and only the summary stays in the active context — earlier messages remain visible to the user,
 * not to the model. The lab keeps the leading system messages (Goose's system prompt is sent apart) and whatever
 * arrived since the last reply (the request about to be answered), so a compaction never drops the question it is
 * made for.
 */
export const gooseStrategy = defineStrategy<GooseSettings>({
  id: "goose",
  label: "Goose",
  description: "At 80% of the window (GOOSE_AUTO_COMPACT_THRESHOLD): replace the conversation by a context checkpoint (goal, constraints, progress, decisions, next steps, critical context).",
  source: {
    kind: "peer",
    name: "Goose auto-compaction (block/goose: Smart Context Management, prompts/compaction.md)",
    version: null,
    asOf: "2026-11-27",
    url: "https://block.github.io/goose/docs/guides/sessions/smart-context-management",
    undocumented: [
      "what stays beside the summary: the docs say only the summary is in the active context; the lab also keeps the leading system messages and the messages since the last reply (the pending request)",
      "tool-output summarization (GOOSE_TOOL_CALL_CUTOFF, default 10 calls kept in full): Goose summarizes older tool outputs with a model in the background, with no published prompt or output size; the lab does not model it",
      "the date of the behaviour: Goose's docs carry no release date; asOf is the day the lab read them and compaction.md (commit 11453df)",
    ],
  },
  defaults: DEFAULT_GOOSE_SETTINGS,
  settingsSchema: GooseSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings, window) => (settings.autoCompactThreshold > 0 ? Math.floor(window * settings.autoCompactThreshold) : null),
  decide({ context, settings, window, force }) {
    const trigger = settings.autoCompactThreshold > 0 ? Math.floor(window * settings.autoCompactThreshold) : null;
    const reached = trigger !== null && context.tokens >= trigger;
    if (!force && !reached) return {};
    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
    // the messages since the newest reply are what this call answers: they follow the summary
    let pending = context.length;
    while (pending > head && context.entry(pending - 1).message.role !== "assistant") pending--;
    // mid tool loop, the pending messages are tool results: their call stays with them
    if (pending < context.length && pending > head && context.entry(pending).message.role === "tool") pending--;
    if (pending <= head) return {};
    const layout: LayoutItem[] = [
      ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
      { kind: "synthetic", role: "user", purpose: "summary", text: GOOSE_SUMMARY_TEXT },
      ...(pending < context.length ? [{ kind: "keep" as const, from: pending, to: context.length }] : []),
    ];
    return {
      compaction: {
        reason: reached ? `context ${context.tokens} ≥ ${settings.autoCompactThreshold} × ${window} = ${trigger}` : "compaction requested",
        summaries: [{ ranges: [{ from: head, to: pending }], request: { system: GOOSE_SYSTEM_PROMPT, instructions: GOOSE_INSTRUCTIONS, format: GOOSE_SUMMARY_FORMAT } }],
        layout,
        budget: trigger ?? window,
      },
    };
  },
});
