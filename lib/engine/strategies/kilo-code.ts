import { z } from "zod";
import { planOpencodePrune } from "../prune/opencode-prune";
import type { SummaryFormat } from "../summarize/summarizer";
import { DEFAULT_OPENCODE_V2_SETTINGS, endsLoop, opencodeV2TailBudget, opencodeV2Usable, OpencodeV2SettingsSchema } from "./opencode-v2";
import { planAnchoredCompaction } from "./opencode-v2/plan-anchored-compaction";
import { defineStrategy } from "./strategy";

/** Kilo Code's compaction settings: OpenCode's v2 ones (Kilo CLI is its fork) and `compaction.threshold_percent`. */
export const DEFAULT_KILO_CODE_SETTINGS = {
  ...DEFAULT_OPENCODE_V2_SETTINGS,
  /** compaction.threshold_percent (1–100): also compact at this share of the model's input or context window; null = unset */
  thresholdPercent: null as number | null,
};

export const KiloCodeSettingsSchema = OpencodeV2SettingsSchema.extend({
  thresholdPercent: z.number().gt(0).max(100).nullable(),
});
export type KiloCodeSettings = z.infer<typeof KiloCodeSettingsSchema>;

/**
 * When Kilo Code compacts: at `thresholdPercent` of the model's input limit (or context window), or at the usable
 * budget (the window less the reserved safety buffer), whichever comes first. Null when nothing is tracked (a model
 * with no window).
 */
export function kiloCodeTrigger(settings: KiloCodeSettings, window: number): number | null {
  const usable = opencodeV2Usable(settings, window);
  if (usable === null || settings.thresholdPercent === null) return usable;
  const base = settings.inputLimit ?? settings.contextLimit ?? window;
  return Math.min(usable, Math.floor((base * settings.thresholdPercent) / 100));
}

/** Kilo Code's anchored summary, as its docs list what it captures (headings and prompt in the lab's words). */
export const KILO_CODE_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "## Goal", fill: ["goal"] },
    { heading: "## Constraints & Preferences", fill: ["constraints"] },
    { heading: "## Progress", fill: ["progress", "active-work", "pending"] },
    { heading: "## Key Decisions", fill: ["decisions"] },
    { heading: "## Next Steps", fill: ["next-steps"] },
    { heading: "## Critical Context", fill: ["critical-context", "errors", "technical"] },
    { heading: "## Relevant Files", fill: ["files"] },
  ],
};

export const KILO_CODE_SYSTEM_PROMPT =
  "You keep the anchored summary of a coding session: the record another agent continues from once the older turns are dropped. The newest turns stay verbatim after it.";

export const KILO_CODE_INSTRUCTIONS =
  "Summarize the conversation above under: ## Goal; ## Constraints & Preferences (what the user asked you to keep to); " +
  "## Progress (done, in progress, blocked); ## Key Decisions (each with its reason); ## Next Steps (in order); ## Critical " +
  "Context (data, errors and references needed to go on); ## Relevant Files. When an earlier summary is given, revise it: " +
  "keep what still holds, remove what is stale, merge in what is new.";

export const KILO_CODE_SUMMARY_TEXT = "Anchored summary of the session so far (the most recent turns follow verbatim):\n\n{{summary}}";

/**
 * Kilo Code (VS Code extension and CLI, Kilo-Org/kilocode; its engine is OpenCode's): OpenCode's v2 compaction — an
 * anchored summary of the older history, updated rather than rewritten at each compaction, with the newest 2 turns
 * kept verbatim within 25% of the usable window (2,000–8,000 tokens), pruning beyond the newest 40,000 tokens of tool
 * output — triggered before a call (Kilo also checks the provider's usage after each response; both read the same
 * size here) at `compaction.threshold_percent` of the window or at the usable budget, whichever comes first.
 */
export const kiloCodeStrategy = defineStrategy<KiloCodeSettings>({
  id: "kilo-code",
  label: "Kilo Code",
  description:
    "Like OpenCode v2: an anchored summary plus the newest 2 turns verbatim, at the usable window (window − 32K output) or at compaction.threshold_percent of the window, whichever comes first; prunes old tool outputs.",
  source: {
    kind: "peer",
    name: "Kilo Code compaction (kilo.ai/docs: Context Condensing)",
    version: "compaction.threshold_percent (PR #10218)",
    asOf: "2026-05-13",
    url: "https://kilo.ai/docs/customize/context/context-condensing",
    undocumented: [
      "the summarization prompt: the docs list what the anchored summary captures, not its wording; the lab's words and headings follow that list",
      "how the summary is framed in the next request: not documented; the lab sends it as one user message before the kept turns",
      "the summary's output cap (4,096 tokens) and the tool-output cut for the summarizer (2,000 characters) are OpenCode's; Kilo's docs do not give them",
    ],
  },
  defaults: DEFAULT_KILO_CODE_SETTINGS,
  settingsSchema: KiloCodeSettingsSchema,
  triggers: ["before-call", "after-call"],
  autoTrigger: (settings, window) => (settings.auto ? kiloCodeTrigger(settings, window) : null),
  decide(input) {
    const { context, settings, window, point, force } = input;
    if (point === "after-call") {
      if (!settings.prune || !endsLoop(context)) return {};
      const pruned = planOpencodePrune(context, settings);
      return { marks: pruned.marks, protected: pruned.protected };
    }
    const trigger = kiloCodeTrigger(settings, window);
    const reached = settings.auto && trigger !== null && context.tokens >= trigger;
    if (!force && !reached) return {};
    const usable = opencodeV2Usable(settings, window) ?? window;
    const byPercent = settings.thresholdPercent !== null && trigger !== null && trigger < usable;
    const plan = planAnchoredCompaction({
      input,
      reason: reached
        ? `context ${context.tokens} ≥ ${byPercent ? `threshold_percent ${settings.thresholdPercent}% = ${trigger}` : `usable ${trigger}`}`
        : "compaction requested",
      budget: trigger ?? usable,
      tailTurns: settings.tailTurns,
      tailBudget: opencodeV2TailBudget(settings, usable),
      request: { system: KILO_CODE_SYSTEM_PROMPT, instructions: KILO_CODE_INSTRUCTIONS, format: KILO_CODE_SUMMARY_FORMAT, maxOutputTokens: settings.summaryMaxTokens },
      toolOutputMaxChars: settings.toolOutputMaxChars,
      summaryText: KILO_CODE_SUMMARY_TEXT,
    });
    return plan ? { compaction: plan } : {};
  },
});
