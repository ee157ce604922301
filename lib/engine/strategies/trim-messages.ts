import { z } from "zod";
import { keepLastMessages } from "../cut/keep-last-messages";
import { defineStrategy, type LayoutItem } from "./strategy";

/** Seed 002's MaxConversationMessages (seed 004's old MAX_HISTORY_MESSAGES cap is 20). */
export const DEFAULT_TRIM_MESSAGES_SETTINGS = { maxConversationMessages: 50 };

export const TrimMessagesSettingsSchema = z.strictObject({
  maxConversationMessages: z.number().int().min(1),
});
export type TrimMessagesSettings = z.infer<typeof TrimMessagesSettingsSchema>;

/**
 * Count-based history trimming (seed 002's `TrimConversationHistory`, seed 004's `MAX_HISTORY_MESSAGES`):
 * before each call, keep the newest `maxConversationMessages` messages and drop the rest — no summary.
 * Deliberate differences: leading system messages are kept and not counted (both sources hold the system
 * prompt outside the message list), and the cut moves forward past tool results so a call is never separated
 * from its result. Whether the result fits the window is reported honestly (trim events carry `fits`).
 */
export const trimMessagesStrategy = defineStrategy<TrimMessagesSettings>({
  id: "trim-messages",
  label: "Trim messages",
  description: "Keep only the newest N messages (50; seed 004's old cap was 20), never splitting a tool call from its result.",
  source: { kind: "seed", file: "002_27b1b60fff932618.txt", section: "Problem (TrimConversationHistory)" },
  defaults: DEFAULT_TRIM_MESSAGES_SETTINGS,
  settingsSchema: TrimMessagesSettingsSchema,
  triggers: ["before-call"],
  decide({ context, settings, window, outputReserve }) {
    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system") head++;
    if (context.length - head <= settings.maxConversationMessages) return {};
    const start = keepLastMessages({ context, count: settings.maxConversationMessages, from: head });
    const layout: LayoutItem[] = [
      ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
      { kind: "keep", from: start, to: context.length },
    ];
    return {
      compaction: {
        reason: `${context.length - head} messages > ${settings.maxConversationMessages}`,
        summaries: [],
        layout,
        budget: window - outputReserve,
      },
    };
  },
});
