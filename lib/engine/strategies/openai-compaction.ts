import { z } from "zod";
import { defineStrategy, type LayoutItem } from "./strategy";

/**
 * The share of the usable window at which the lab compacts when `compactThreshold` is null. OpenAI's reference
 * (Responses API, `context_management: [{type: "compaction", compact_threshold}]`, and the standalone
 * `POST /responses/compact`; developers.openai.com/api/docs/guides/compaction, read 2026-11-26) documents no
 * default threshold — the caller sets it or calls compact itself — so this default is the lab's choice.
 */
export const OPENAI_COMPACTION_WINDOW_SHARE = 0.8;

export const DEFAULT_OPENAI_COMPACTION_SETTINGS = { compactThreshold: null as number | null, instructions: null as string | null };

export const OpenAICompactionSettingsSchema = z.strictObject({
  compactThreshold: z.number().int().min(1).nullable(),
  instructions: z.string().max(20_000).nullable(),
});
export type OpenAICompactionSettings = z.infer<typeof OpenAICompactionSettingsSchema>;

/**
 * OpenAI's compaction (Responses API, `POST /responses/compact`). The engine decides when: before a call whose
 * input reaches `compactThreshold` (default {@link OPENAI_COMPACTION_WINDOW_SHARE} of the usable window). The
 * call (lib/llm) sends the context as Responses input items; the compacted window it returns is the user's own
 * messages followed by one `compaction` item whose `encrypted_content` only OpenAI can read. So the context after
 * is the system messages (an agent sends them again as instructions), every user message the user typed (no tool
 * results, never splitting a call from its result) and an opaque item counted at the size OpenAI reported.
 * Nothing the lab scores by reading can read that item: continuation recall and probes see only what is kept.
 */
export const openaiCompactionStrategy = defineStrategy<OpenAICompactionSettings>({
  id: "openai-compaction",
  label: "OpenAI compaction (opaque)",
  description: "OpenAI's own compaction (/responses/compact): user messages kept, the rest becomes an encrypted item the lab cannot read. Needs an OpenAI key.",
  source: {
    kind: "peer",
    name: "OpenAI Responses API compaction (POST /responses/compact)",
    version: null,
    asOf: "2026-11-26",
    url: "https://developers.openai.com/api/docs/guides/compaction",
  },
  defaults: DEFAULT_OPENAI_COMPACTION_SETTINGS,
  settingsSchema: OpenAICompactionSettingsSchema,
  triggers: ["before-call"],
  decide({ context, settings, window, outputReserve, force }) {
    const threshold = settings.compactThreshold ?? Math.floor((window - outputReserve) * OPENAI_COMPACTION_WINDOW_SHARE);
    if (!force && context.tokens < threshold) return {};
    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system") head++;
    if (head >= context.length) return {};
    const layout: LayoutItem[] = head > 0 ? [{ kind: "keep", from: 0, to: head }] : [];
    for (let position = head; position < context.length; position++) {
      const { message, sessionIndex } = context.entry(position);
      const typed = sessionIndex !== null && message.role === "user" && !message.synthetic && message.parts.every((part) => part.type === "text" || part.type === "image" || part.type === "file");
      if (typed) layout.push({ kind: "keep", from: position, to: position + 1 });
    }
    layout.push({ kind: "synthetic", role: "user", purpose: "summary", text: "", opaqueSummary: 0 });
    return {
      compaction: {
        reason: force && context.tokens < threshold ? "compaction requested" : `context ${context.tokens} ≥ compact threshold ${threshold}`,
        summaries: [
          {
            ranges: [{ from: 0, to: context.length }],
            request: { system: "", instructions: settings.instructions ?? "", format: { style: "continuation" }, providerCompaction: { provider: "openai" } },
          },
        ],
        layout,
        budget: window - outputReserve,
      },
    };
  },
});
