import { z } from "zod";
import { DEFAULT_OPENCODE_PRUNE_SETTINGS, planOpencodePrune } from "../prune/opencode-prune";
import { CONTINUATION_SUMMARY_FORMAT } from "../summarize/summary-formats";
import { defineStrategy, type ContextView, type LayoutItem, type StrategyInput } from "./strategy";

/** Seed 003 §6.1: the compaction agent's system prompt. */
export const OPENCODE_COMPACTION_SYSTEM_PROMPT = `You are a helpful AI assistant tasked with summarizing conversations.

When asked to summarize, provide a detailed but concise summary of the conversation.
Focus on information that would be helpful for continuing the conversation, including:
- What was done
- What is currently being worked on
- Which files are being modified
- What needs to be done next
- Key user requests, constraints, or preferences that should persist
- Important technical decisions and why they were made

Your summary should be comprehensive enough to provide context but concise enough to be quickly understood.`;

/** Seed 003 §6.2: the final user instruction of the compaction call. */
export const OPENCODE_COMPACTION_INSTRUCTION =
  "Provide a detailed prompt for continuing our conversation above. Focus on information that would be helpful for continuing the conversation, including what we did, what we're doing, which files we're working on, and what we're going to do next considering new session will not have access to our conversation.";

/** Seed 003 §6.3: what the compaction marker is sent as. */
export const OPENCODE_MARKER_TEXT = "What did we do so far?";

/** Seed 003 §4.3: the synthetic user message after an auto compaction. */
export const OPENCODE_CONTINUE_TEXT = "Continue if you have next steps";

/** OpenCode's OUTPUT_TOKEN_MAX (shared/transcripts/FORMATS.md: `limit.context − min(limit.output, 32000)`). */
export const OPENCODE_OUTPUT_TOKEN_MAX = 32_000;

export const DEFAULT_OPENCODE_SETTINGS = {
  /** compaction.auto: compact when a step overflows */
  auto: true,
  /** compaction.prune: prune old tool outputs as ongoing maintenance */
  prune: true,
  /** the model's context window; null = the replay's window; 0 = unlimited, never auto-compact */
  contextLimit: null as number | null,
  /** a dedicated max-input limit; when set it is the usable budget */
  inputLimit: null as number | null,
  /** the model's max output tokens; null = not set (the reserve falls back to globalOutputCap) */
  outputLimit: null as number | null,
  globalOutputCap: OPENCODE_OUTPUT_TOKEN_MAX,
  ...DEFAULT_OPENCODE_PRUNE_SETTINGS,
};

const tokens = z.number().int().min(0);
export const OpencodeSettingsSchema = z.strictObject({
  auto: z.boolean(),
  prune: z.boolean(),
  contextLimit: tokens.nullable(),
  inputLimit: z.number().int().min(1).nullable(),
  outputLimit: tokens.nullable(),
  globalOutputCap: tokens,
  pruneProtect: tokens,
  pruneMinimum: tokens,
  protectedTools: z.array(z.string()),
  protectedUserTurns: z.number().int().min(0),
});
export type OpencodeSettings = z.infer<typeof OpencodeSettingsSchema>;

/**
 * The usable input budget (seed 003 §3.1): `inputLimit ?? contextLimit − min(outputLimit, globalOutputCap)`,
 * or null when the context is unlimited (`contextLimit` 0).
 */
export function opencodeUsableTokens(settings: OpencodeSettings, window: number): number | null {
  const contextLimit = settings.contextLimit ?? window;
  if (contextLimit === 0) return null;
  if (settings.inputLimit !== null) return settings.inputLimit;
  const outputReserve = Math.min(settings.outputLimit ?? settings.globalOutputCap, settings.globalOutputCap);
  return contextLimit - outputReserve;
}

/**
 * OpenCode (seed 003): two layers.
 * - Hard compaction, after each completed step (`after-call`): overflow when `input + cacheRead + output` of
 *   the step exceeds the usable budget (see {@link opencodeUsableTokens}). The compaction replaces the whole
 *   post-pivot context by a marker user message ("What did we do so far?"), the summary as an assistant message
 *   flagged summary and, after an auto compaction, a synthetic "Continue if you have next steps" — so the model
 *   is sent only what follows the latest pivot. The summarizer gets §6.1's system prompt and §6.2's
 *   instruction, preceded by the marker's question.
 * - Pruning (`prune`), at the end of the agent loop (a step that made no tool calls, where OpenCode runs
 *   `prune` after its loop): the newest 40,000 tokens of tool output and the last 2 user turns are kept,
 *   `skill` outputs are protected, and older outputs are cleared when that frees at least 20,000 tokens.
 *
 * Deliberate differences: the lab's `lastCall.inputTokens` is the whole estimated context, so it already
 * counts what a provider reports as cache reads; the marker question goes in front of the instruction (the
 * same text the model reads, one user message instead of two consecutive ones); leading system messages are
 * kept, since OpenCode sends its system prompt outside the message stream; a manual compaction (`force`)
 * writes an `auto: false` marker and no continue message.
 */
export const opencodeStrategy = defineStrategy<OpencodeSettings>({
  id: "opencode",
  label: "OpenCode",
  description: "After a step overflows (window − 32K output), replace everything by a continuation summary; prune old tool outputs (40K kept) at the end of each loop.",
  source: { kind: "seed", file: "003_00524752e35cb23e.txt", section: "§3 overflow, §4 summary pivot, §5 pruning, §6 prompts" },
  defaults: DEFAULT_OPENCODE_SETTINGS,
  settingsSchema: OpencodeSettingsSchema,
  triggers: ["after-call"],
  autoTrigger: (settings, window) => (settings.auto ? opencodeUsableTokens(settings, window) : null),
  decide(input) {
    const { context, settings, window, lastCall, force } = input;
    const usable = opencodeUsableTokens(settings, window);
    const total = lastCall ? lastCall.inputTokens + lastCall.outputTokens : context.tokens;
    const overflow = usable !== null && total > usable;
    // what really triggers: the overflow when auto is on (as OpenCode would, forced or not), else a manual request
    const triggered = settings.auto && overflow;
    if (force || triggered) return { compaction: planSummaryPivot(input, { auto: triggered, usable, reason: opencodeReason({ triggered, autoOn: settings.auto, overflow, total, usable }) }) };
    if (settings.prune && endsLoop(context)) {
      const pruned = planOpencodePrune(context, settings);
      return { marks: pruned.marks, protected: pruned.protected };
    }
    return {};
  },
});

/** The step just made no tool calls: OpenCode's loop ends and `prune` runs. */
function endsLoop(context: ContextView): boolean {
  if (context.length === 0) return false;
  const { message } = context.entry(context.length - 1);
  return message.role === "assistant" && !message.parts.some((part) => part.type === "tool-call");
}

/**
 * Why the compaction happens, consistent with the Auto setting: the overflow when auto is on and the step is over
 * the usable budget; otherwise a manual compaction (OpenCode's marker says `auto: false`), saying whether auto is
 * off or the step is still under the budget — so a preview with Auto ticked never reads as if auto were off.
 */
function opencodeReason(options: { triggered: boolean; autoOn: boolean; overflow: boolean; total: number; usable: number | null }): string {
  const { total, usable } = options;
  if (options.triggered) return `step used ${total} tokens > usable ${usable} (auto)`;
  if (!options.autoOn) return `manual compaction (auto: false): auto is off${options.overflow ? `; step used ${total} tokens > usable ${usable}` : ""}`;
  return `manual compaction (auto: false): step used ${total} tokens ≤ usable ${usable ?? "unlimited"}, under the auto trigger`;
}

function planSummaryPivot(
  input: StrategyInput<OpencodeSettings>,
  { auto, reason, usable }: { auto: boolean; reason: string; usable: number | null },
) {
  const { context, window } = input;
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system") head++;
  const layout: LayoutItem[] = [
    ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
    { kind: "synthetic", role: "user", purpose: "marker", text: OPENCODE_MARKER_TEXT },
    { kind: "synthetic", role: "assistant", purpose: "summary", text: "{{summary}}" },
    ...(auto ? [{ kind: "synthetic" as const, role: "user" as const, purpose: "continue" as const, text: OPENCODE_CONTINUE_TEXT }] : []),
  ];
  return {
    reason,
    summaries: [
      {
        ranges: [{ from: head, to: context.length }],
        request: {
          system: OPENCODE_COMPACTION_SYSTEM_PROMPT,
          instructions: `${OPENCODE_MARKER_TEXT}\n\n${OPENCODE_COMPACTION_INSTRUCTION}`,
          format: CONTINUATION_SUMMARY_FORMAT,
        },
      },
    ],
    layout,
    budget: usable ?? window,
  };
}
