import { z } from "zod";
import { anthropicWholeHistoryPlan } from "./anthropic-whole-history-plan";
import { defineStrategy } from "./strategy";

/**
 * When the application asks for a compaction: the API has no trigger of its own in this mode (the application decides),
 * so the lab's default is `compact_20260112`'s documented default, 150,000 input tokens, to keep the two comparable.
 */
export const DEFAULT_ANTHROPIC_ON_DEMAND_COMPACTION_SETTINGS = { triggerTokens: 150_000, instructions: null as string | null };

export const AnthropicOnDemandCompactionSettingsSchema = z.strictObject({
  triggerTokens: z.number().int().min(1),
  instructions: z.string().max(20_000).nullable(),
});
export type AnthropicOnDemandCompactionSettings = z.infer<typeof AnthropicOnDemandCompactionSettingsSchema>;

/**
 * Anthropic's on-demand compaction (Messages API, beta `compact-2026-09-04`): the application sends `compaction:
 * {type: "summarize", instructions?}` on a request and the API answers with one `compaction` block (stop_reason
 * `compaction`) instead of a reply; later requests send that block first, in place of the messages it summarized.
 * Unlike `compact_20260112` (anthropic-compaction), the server does not decide when: the application does — here
 * before a call whose context reaches `triggerTokens` — and it compacts whatever the size, so a forced compaction
 * (the UI's preview, a manual one) asks for exactly that. `instructions` go with the request.
 *
 * The context after is the system messages and the block's readable summary (the signed block itself is what an
 * agent would send back; the lab reads its text, as for anthropic-compaction). Offline, or with another provider's
 * summarizer, the request fails and the compaction falls back to the context unchanged. `pause_after_compaction` is
 * the threshold edit's flag: on-demand needs none, since the compaction block is the whole answer.
 */
export const anthropicOnDemandCompactionStrategy = defineStrategy<AnthropicOnDemandCompactionSettings>({
  id: "anthropic-on-demand-compaction",
  label: "Anthropic on-demand compaction",
  description:
    "Anthropic's own compaction on request (compact-2026-09-04): at 150,000 input tokens (the lab's trigger) the API answers with a compaction block instead of a reply. Needs an Anthropic key.",
  source: {
    kind: "peer",
    name: "Anthropic Messages API on-demand compaction (compaction: {type: summarize})",
    version: "compact-2026-09-04",
    asOf: "2026-09-22",
    url: "https://platform.claude.com/docs/en/build-with-claude/compaction-on-demand",
    undocumented: [
      "when to ask: the API leaves it to the application; the lab's triggerTokens defaults to compact_20260112's 150,000 so the two compare",
      "the docs page itself was not in the lab's reach: the request and response shapes are as vercel/ai#21263 (2026-09-22) quotes them",
    ],
  },
  defaults: DEFAULT_ANTHROPIC_ON_DEMAND_COMPACTION_SETTINGS,
  settingsSchema: AnthropicOnDemandCompactionSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings) => settings.triggerTokens,
  decide({ context, settings, window, outputReserve, force }) {
    if (!force && context.tokens < settings.triggerTokens) return {};
    const compaction = anthropicWholeHistoryPlan({
      context,
      window,
      outputReserve,
      reason: context.tokens < settings.triggerTokens ? "compaction requested" : `context ${context.tokens} ≥ trigger ${settings.triggerTokens}: compaction requested from the API`,
      instructions: settings.instructions,
      providerCompaction: { provider: "anthropic", mode: "on-demand" },
    });
    return compaction ? { compaction } : {};
  },
});
