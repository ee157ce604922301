import { z } from "zod";
import { anthropicWholeHistoryPlan } from "./anthropic-whole-history-plan";
import { defineStrategy } from "./strategy";

/**
 * The `compact_20260112` edit's documented figures (Anthropic, "Compaction", platform.claude.com/docs/en/
 * build-with-claude/compaction, read 2026-11-26): `trigger` defaults to 150,000 input tokens and must be at
 * least 50,000; `instructions` replace the default summarization prompt when given (null: the server's own).
 */
export const ANTHROPIC_COMPACTION_TRIGGER_DEFAULT = 150_000;
export const ANTHROPIC_COMPACTION_TRIGGER_MIN = 50_000;

export const DEFAULT_ANTHROPIC_COMPACTION_SETTINGS = { triggerTokens: ANTHROPIC_COMPACTION_TRIGGER_DEFAULT, instructions: null as string | null };

export const AnthropicCompactionSettingsSchema = z.strictObject({
  // the message is written when it is needed: the first toLocaleString of a process loads ICU's number formats
  // (~12 ms), which every CLI command paid at start through the strategies' registry
  triggerTokens: z.number().int().min(ANTHROPIC_COMPACTION_TRIGGER_MIN, { error: () => `the API's trigger must be at least ${ANTHROPIC_COMPACTION_TRIGGER_MIN.toLocaleString("en-US")} input tokens` }),
  instructions: z.string().max(20_000).nullable(),
});
export type AnthropicCompactionSettings = z.infer<typeof AnthropicCompactionSettingsSchema>;

/**
 * Anthropic's server-side compaction (Messages API, beta `compact-2026-01-12`). The engine decides when, as the
 * server would: before a call whose input reaches `triggerTokens`. The call itself (lib/llm) sends the whole
 * context with the edit and `pause_after_compaction`; the server writes a readable summary in a `compaction` block
 * and, on later requests, drops every message before it — so the context after is the system prompt (sent apart
 * from the messages, kept) and the summary, a pivot like any other strategy's. Offline (no Anthropic key) it never
 * runs: the run is refused, and a replay without the provider falls back to the context unchanged.
 *
 * The lab's estimate decides; the server counts again and does not compact below its trigger (then the call fails
 * with "the server did not compact" and the compaction falls back, reported as such).
 */
export const anthropicCompactionStrategy = defineStrategy<AnthropicCompactionSettings>({
  id: "anthropic-compaction",
  label: "Anthropic server-side compaction",
  description: "Anthropic's own compaction (compact_20260112): at 150,000 input tokens the server replaces the conversation by a readable summary. Needs an Anthropic key.",
  source: {
    kind: "peer",
    name: "Anthropic Messages API server-side compaction (compact_20260112)",
    version: "compact_20260112 (beta compact-2026-01-12)",
    asOf: "2026-11-26",
    url: "https://platform.claude.com/docs/en/build-with-claude/compaction",
  },
  defaults: DEFAULT_ANTHROPIC_COMPACTION_SETTINGS,
  settingsSchema: AnthropicCompactionSettingsSchema,
  triggers: ["before-call"],
  decide({ context, settings, window, outputReserve, force }) {
    if (!force && context.tokens < settings.triggerTokens) return {};
    const compaction = anthropicWholeHistoryPlan({
      context,
      window,
      outputReserve,
      reason: force && context.tokens < settings.triggerTokens ? "compaction requested" : `context ${context.tokens} ≥ trigger ${settings.triggerTokens}`,
      instructions: settings.instructions,
      // a forced compaction under the trigger asks with the lowest trigger the API accepts
      providerCompaction: { provider: "anthropic", triggerTokens: force ? Math.min(settings.triggerTokens, Math.max(ANTHROPIC_COMPACTION_TRIGGER_MIN, context.tokens)) : settings.triggerTokens },
    });
    return compaction ? { compaction } : {};
  },
});
