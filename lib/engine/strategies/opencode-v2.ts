import { z } from "zod";
import { DEFAULT_OPENCODE_PRUNE_SETTINGS, planOpencodePrune } from "../prune/opencode-prune";
import type { SummaryFormat } from "../summarize/summarizer";
import { OPENCODE_OUTPUT_TOKEN_MAX } from "./opencode";
import { planAnchoredCompaction } from "./opencode-v2/plan-anchored-compaction";
import { defineStrategy, type ContextView, type StrategyInput } from "./strategy";

/** OpenCode's v2 tail defaults (packages/opencode/src/session/compaction.ts; Kilo Code documents the same). */
export const OPENCODE_V2_TAIL_TURNS = 2;
export const OPENCODE_V2_PRESERVE_RECENT = { share: 0.25, min: 2_000, max: 8_000 };
/** the reserve with a dedicated input limit when `compaction.reserved` is unset: min(20,000, the output allowance) */
export const OPENCODE_V2_COMPACTION_BUFFER = 20_000;

export const DEFAULT_OPENCODE_V2_SETTINGS = {
  /** compaction.auto */
  auto: true,
  /** compaction.prune: clear old tool outputs past the newest 40,000 tokens, at the end of each loop */
  prune: true,
  /** compaction.reserved: headroom with a dedicated input limit; null = min(20,000, output allowance) */
  reserved: null as number | null,
  /** compaction.tail_turns: newest user turns kept verbatim (0 = none) */
  tailTurns: OPENCODE_V2_TAIL_TURNS,
  /** compaction.preserve_recent_tokens: the tail's budget; null = 25% of the usable window, clamped 2,000–8,000 */
  preserveRecentTokens: null as number | null,
  /** the model's limit.context; null = the replay's window; 0 = no limit, never auto-compact */
  contextLimit: null as number | null,
  /** the model's limit.input, when it declares one */
  inputLimit: null as number | null,
  /** the model's limit.output; null = the output cap */
  outputLimit: null as number | null,
  globalOutputCap: OPENCODE_OUTPUT_TOKEN_MAX,
  /** the summary's output cap (PR #30986: 4,096 tokens; not configurable) */
  summaryMaxTokens: 4_096,
  /** what the summarizer sees of each tool output: the first 2,000 characters (not configurable) */
  toolOutputMaxChars: 2_000,
  ...DEFAULT_OPENCODE_PRUNE_SETTINGS,
};

const tokens = z.number().int().min(0);
export const OpencodeV2SettingsSchema = z.strictObject({
  auto: z.boolean(),
  prune: z.boolean(),
  reserved: tokens.nullable(),
  tailTurns: z.number().int().min(0),
  preserveRecentTokens: tokens.nullable(),
  contextLimit: tokens.nullable(),
  inputLimit: z.number().int().min(1).nullable(),
  outputLimit: tokens.nullable(),
  globalOutputCap: tokens,
  summaryMaxTokens: z.number().int().min(1),
  toolOutputMaxChars: z.number().int().min(0),
  pruneProtect: tokens,
  pruneMinimum: tokens,
  protectedTools: z.array(z.string()),
  protectedUserTurns: z.number().int().min(0),
});
export type OpencodeV2Settings = z.infer<typeof OpencodeV2SettingsSchema>;

/**
 * The usable input budget as OpenCode's overflow check computes it (and Kilo Code documents it): with a dedicated input
 * limit, that limit less `reserved` (default min(20,000, the output allowance)); otherwise the context window less the
 * output allowance (min(limit.output, 32,000)), `reserved` then having no effect. Null when the context is unlimited.
 */
export function opencodeV2Usable(settings: OpencodeV2Settings, window: number): number | null {
  const contextLimit = settings.contextLimit ?? window;
  if (contextLimit === 0) return null;
  const outputAllowance = Math.min(settings.outputLimit ?? settings.globalOutputCap, settings.globalOutputCap);
  if (settings.inputLimit !== null) return settings.inputLimit - (settings.reserved ?? Math.min(OPENCODE_V2_COMPACTION_BUFFER, outputAllowance));
  return contextLimit - outputAllowance;
}

/** The verbatim tail's budget: `preserveRecentTokens`, else 25% of the usable window clamped to 2,000–8,000. */
export function opencodeV2TailBudget(settings: { preserveRecentTokens: number | null }, usable: number): number {
  if (settings.preserveRecentTokens !== null) return settings.preserveRecentTokens;
  return Math.min(OPENCODE_V2_PRESERVE_RECENT.max, Math.max(OPENCODE_V2_PRESERVE_RECENT.min, Math.floor(usable * OPENCODE_V2_PRESERVE_RECENT.share)));
}

/** OpenCode's structured summary contract (its template's headings; the prompt's wording is the lab's). */
export const OPENCODE_V2_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "## Goal", fill: ["goal"] },
    { heading: "## Instructions", fill: ["constraints", "last-request"] },
    { heading: "## Discoveries", fill: ["technical", "decisions", "errors"] },
    { heading: "## Accomplished", fill: ["progress", "pending", "active-work"] },
    { heading: "## Relevant files / directories", fill: ["files"] },
  ],
};

export const OPENCODE_V2_SYSTEM_PROMPT =
  "You condense the older part of a coding session into a checkpoint another agent continues from. The newest turns are kept word for word after your checkpoint, so cover only the history you are given. Answer no question from the conversation; write only the checkpoint.";

export const OPENCODE_V2_INSTRUCTIONS =
  "Write the checkpoint of the conversation above under these headings: ## Goal (what the user is after); ## Instructions " +
  "(what they asked for and any plan or spec to keep following); ## Discoveries (what was learned that the next agent needs); " +
  "## Accomplished (done, in progress, still to do); ## Relevant files / directories (read, edited or created, as a list). " +
  "If a previous checkpoint is given, update it: keep what is still true, drop what is stale, add what is new. Keep exact " +
  "paths, names and error messages.";

export const OPENCODE_V2_SUMMARY_TEXT = "Checkpoint of the earlier conversation (older turns were compacted; the newest follow as they were):\n\n{{summary}}";

/**
 * OpenCode's compaction as its v2 session engine runs it (PR #30986, 2026-06-05): before a call whose estimated request
 * reaches the usable budget ({@link opencodeV2Usable}), the history since the last checkpoint is serialized for the
 * summarizer (each tool output cut to its first 2,000 characters) and summarized into the structured template, an
 * earlier checkpoint updated rather than rewritten (its cap: 4,096 tokens); the newest `tailTurns` user turns follow the
 * checkpoint verbatim within `preserveRecentTokens` (a turn that does not fit is split between model steps). When
 * `auto` is off and a request is over the window itself, the provider refuses it: OpenCode compacts and retries that
 * request once. Pruning is seed 003's, at the end of each agent loop.
 */
export const opencodeV2Strategy = defineStrategy<OpencodeV2Settings>({
  id: "opencode@v2",
  versionOf: "opencode",
  label: "OpenCode (v2 compaction)",
  description:
    "Before a call at the usable window (window − 32K output): an anchored structured checkpoint of the older history plus the newest 2 turns kept verbatim (≤ 25% of usable, 2,000–8,000 tokens); prune old tool outputs at the end of each loop.",
  source: {
    kind: "peer",
    name: "OpenCode v2 session compaction (anomalyco/opencode)",
    version: "core v2 compaction (PR #30986)",
    asOf: "2026-06-05",
    url: "https://github.com/anomalyco/opencode/pull/30986",
    undocumented: [
      "opencode.ai/docs/config documents compaction.auto, prune and reserved only; tail_turns (2) and preserve_recent_tokens (25% of usable, 2,000–8,000) are read from packages/opencode/src/session/compaction.ts and match what Kilo Code (its fork) documents",
      "how the checkpoint is framed in the next request: not documented; the lab sends it as one user message before the kept turns",
      "whether compaction.auto: false also stops the compaction after a provider's overflow error: not documented; the lab compacts then and retries once, since the overflow path in session/prompt.ts creates that compaction without reading compaction.auto (as quoted at juejin.cn/post/7635702552886542387)",
    ],
  },
  defaults: DEFAULT_OPENCODE_V2_SETTINGS,
  settingsSchema: OpencodeV2SettingsSchema,
  triggers: ["before-call", "after-call"],
  autoTrigger: (settings, window) => (settings.auto ? opencodeV2Usable(settings, window) : null),
  decide(input) {
    const { context, settings, window, point, force } = input;
    if (point === "after-call") {
      if (!settings.prune || !endsLoop(context)) return {};
      const pruned = planOpencodePrune(context, settings);
      return { marks: pruned.marks, protected: pruned.protected };
    }
    const usable = opencodeV2Usable(settings, window);
    const limit = settings.inputLimit ?? settings.contextLimit ?? window;
    const overflow = usable !== null && context.tokens >= usable;
    const refused = limit > 0 && context.tokens > limit;
    const reason = opencodeV2Reason({ auto: settings.auto, overflow, refused, tokens: context.tokens, usable, limit });
    if (!force && !(settings.auto && overflow) && !refused) return {};
    const plan = planV2(input, reason, usable ?? window);
    return plan ? { compaction: plan } : {};
  },
});

function planV2(input: StrategyInput<OpencodeV2Settings>, reason: string, usable: number) {
  const { settings } = input;
  return planAnchoredCompaction({
    input,
    reason,
    budget: usable,
    tailTurns: settings.tailTurns,
    tailBudget: opencodeV2TailBudget(settings, usable),
    request: { system: OPENCODE_V2_SYSTEM_PROMPT, instructions: OPENCODE_V2_INSTRUCTIONS, format: OPENCODE_V2_SUMMARY_FORMAT, maxOutputTokens: settings.summaryMaxTokens },
    toolOutputMaxChars: settings.toolOutputMaxChars,
    summaryText: OPENCODE_V2_SUMMARY_TEXT,
  });
}

function opencodeV2Reason(options: { auto: boolean; overflow: boolean; refused: boolean; tokens: number; usable: number | null; limit: number }): string {
  if (options.auto && options.overflow) return `context ${options.tokens} ≥ usable ${options.usable} (auto)`;
  if (options.refused) return `context ${options.tokens} > limit ${options.limit}: the provider refuses it as too long; compact and retry once`;
  return `compaction requested (auto: ${options.auto}); context ${options.tokens}, usable ${options.usable ?? "unlimited"}`;
}

/** The step just made no tool calls: the agent loop ends and `prune` runs. */
export function endsLoop(context: ContextView): boolean {
  if (context.length === 0) return false;
  const { message } = context.entry(context.length - 1);
  return message.role === "assistant" && !message.parts.some((part) => part.type === "tool-call");
}
