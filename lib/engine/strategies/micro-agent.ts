import { z } from "zod";
import type { Role } from "../model";
import { NARRATIVE_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { CompactionPlan, ContextView, LayoutItem, StrategyDecision } from "./strategy";
import { defineStrategy } from "./strategy";

/**
 * Seed 002's configuration: `CompactionThresholdTokens` 80,000 and `ProtectedTailMessages` 6, plus the
 * agent's `MaxConversationMessages` 50 (the history trim that stays on as the hard backstop and fallback).
 */
export const DEFAULT_MICRO_AGENT_SETTINGS = {
  compactionThresholdTokens: 80_000,
  protectedTailMessages: 6,
  maxConversationMessages: 50,
};

export const MicroAgentSettingsSchema = z.strictObject({
  compactionThresholdTokens: z.number().int().min(0),
  protectedTailMessages: z.number().int().min(0),
  maxConversationMessages: z.number().int().min(1),
});
export type MicroAgentSettings = z.infer<typeof MicroAgentSettingsSchema>;

/** Seed 002's named constants in `SummarizeCompactionStrategy` (not settings in the source either). */
export const MICRO_AGENT_CONSTANTS = {
  charsPerToken: 4,
  toolInputPreviewChars: 200,
  toolResultPreviewChars: 700,
  toolResultHeadChars: 500,
  toolResultTailChars: 200,
  maxSummarizationInputChars: 100_000,
  summarizationMaxTokens: 4_096,
} as const;

/** Seed 002 § Summarization, step 3, verbatim. */
export const MICRO_AGENT_SUMMARIZATION_PROMPT = `Summarize the following conversation history between a user and an AI assistant.
Preserve these details precisely:
- The original user request and any specific criteria or instructions
- All decisions made and their reasoning
- Key data points, URLs, file paths, and identifiers that may be needed later
- Any scores, rankings, or evaluations produced
- Current task status and next steps

Do NOT include raw tool output data (job descriptions, email bodies, etc.) —
just note what was retrieved and key findings.

Format as a concise narrative summary.`;

/** Seed 002 § Message Reconstruction. */
export const MICRO_AGENT_SUMMARY_TEXT = "[CONTEXT SUMMARY]\n{{summary}}\n[END CONTEXT SUMMARY]";
export const MICRO_AGENT_ACKNOWLEDGEMENT = "Understood. Continuing with the current task.";

/**
 * The micro agent's `SummarizeCompactionStrategy` (seed 002), run where the agent calls it: after a user
 * message and after tool results. Messages are counted as the Anthropic API holds them — consecutive
 * messages of one API role are one message, tool results being user-role — so "6 protected messages" is the
 * seed's three exchange pairs and a run of parallel tool results is one message, as in the source.
 *
 * Rules, as the seed states them:
 * - Compaction when the estimated tokens of the messages (the system prompt is not one) exceed
 *   `compactionThresholdTokens` (strictly) and the zone — after message 0, before the newest
 *   `protectedTailMessages` — holds at least 2 messages.
 * - The zone's end is pulled back while the first protected message carries tool results (so the call stays
 *   with them), but never below one zone message.
 * - The summarizer gets previews: each tool result's first 500 + last 200 chars, each tool input's first 200,
 *   the whole input capped at 100,000 chars cut from the middle; the narrative prompt verbatim; 4,096
 *   output tokens.
 * - Rebuild: message 0 with the summary block after it, an acknowledgement only when the protected tail
 *   starts with a user-role message, then the tail unchanged. Later summaries add further blocks to
 *   message 0, which is never compacted.
 * - A failed summary falls back to the history trim; the trim also runs on its own at every trigger as the
 *   hard backstop: over `maxConversationMessages`, the oldest messages go (message 0 included).
 *
 * Deliberate differences: message 0 is kept as it is and the summary block is its own synthetic user message
 * right after it (the API joins adjacent user messages; the lab keeps the session's message untouched); a
 * zone end that would still split a call from its result compacts nothing instead (the seed's loop can stop
 * on a tool result); when a trim has left a tool call as message 0, its results stay with it; the trim moves its cut forward past tool results whose call it drops; token estimates
 * add a 4-token overhead per message; the compaction's budget is the threshold (ending above it means the
 * next trigger compacts again).
 *
 * Reported, changing nothing: the protected tail (from the zone's end, so with any message the boundary
 * adjustment added) on the compaction's events; message 0, never compacted either, is not a tail and is not
 * reported, nor is the backstop trim's window (it is the trim itself, not something it spared).
 */
export const microAgentStrategy = defineStrategy<MicroAgentSettings>({
  id: "micro-agent",
  label: "Micro agent",
  description: "Over 80K estimated tokens, summarize all but message 0 and the last 6 messages into a narrative; trim to 50 messages as the backstop.",
  source: { kind: "seed", file: "002_27b1b60fff932618.txt", section: "Algorithm, Message Reconstruction, Fallback, Named Constants" },
  defaults: DEFAULT_MICRO_AGENT_SETTINGS,
  settingsSchema: MicroAgentSettingsSchema,
  triggers: ["after-user-message", "after-tool-results"],
  decide({ context, settings, force, window, outputReserve }): StrategyDecision {
    const head = leadingSystemMessages(context);
    let headTokens = 0;
    for (let position = 0; position < head; position++) headTokens += context.entryTokens(position);
    const estimated = context.tokens - context.scale(headTokens);
    const usable = window - outputReserve;
    const trimFrom = trimStart(context, head, settings.maxConversationMessages);
    if (force || estimated > settings.compactionThresholdTokens) {
      const over = estimated > settings.compactionThresholdTokens;
      const reason = over ? `estimated ${estimated} > threshold ${settings.compactionThresholdTokens}` : `manual compaction: estimated ${estimated} ≤ threshold ${settings.compactionThresholdTokens}`;
      const compaction = planSummary({ context, settings, head, trimFrom, reason, budget: Math.min(settings.compactionThresholdTokens, usable) });
      if (compaction) return { compaction };
    }
    if (trimFrom === null) return {};
    return {
      compaction: {
        reason: `more than ${settings.maxConversationMessages} messages`,
        summaries: [],
        layout: trimLayout(head, trimFrom, context.length),
        budget: usable,
      },
    };
  },
});

/** The role a message has in the Anthropic API: tool results travel in user messages. */
function apiRole(context: ContextView, position: number): Role {
  const role = context.entry(position).message.role;
  return role === "tool" ? "user" : role;
}

function startsApiMessage(context: ContextView, position: number, head: number): boolean {
  return position === head || apiRole(context, position) !== apiRole(context, position - 1);
}

function leadingSystemMessages(context: ContextView): number {
  let head = 0;
  while (head < context.length && context.entry(head).message.role === "system") head++;
  return head;
}

/**
 * Where the backstop trim keeps from: the start of the newest `max` API messages, moved forward past tool
 * results whose call it drops; null when there are no more than `max`. Walks back only `max` messages.
 */
function trimStart(context: ContextView, head: number, max: number): number | null {
  let messages = 0;
  let keepFrom = context.length;
  for (let position = context.length - 1; position >= head; position--) {
    if (!startsApiMessage(context, position, head)) continue;
    messages++;
    if (messages > max) {
      while (keepFrom < context.length && context.entry(keepFrom).message.role === "tool") keepFrom++;
      return keepFrom;
    }
    keepFrom = position;
  }
  return null;
}

function trimLayout(head: number, keepFrom: number, length: number): LayoutItem[] {
  return [...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []), { kind: "keep", from: keepFrom, to: length }];
}

function planSummary(options: {
  context: ContextView;
  settings: MicroAgentSettings;
  head: number;
  trimFrom: number | null;
  reason: string;
  budget: number;
}): CompactionPlan | null {
  const { context, settings, head } = options;
  const starts: number[] = [];
  for (let position = head; position < context.length; position++) if (startsApiMessage(context, position, head)) starts.push(position);
  const startOf = (message: number) => (message < starts.length ? starts[message] : context.length);
  const isToolResult = (message: number) => message < starts.length && context.entry(starts[message]).message.role === "tool";

  // after a trim, message 0 can be a tool call: its results (the next message) stay with it
  const compactStart = isToolResult(1) ? 2 : 1;
  let compactEnd = starts.length - settings.protectedTailMessages;
  if (compactEnd - compactStart < 2) return null;
  const protectedEnd = compactEnd;
  while (compactEnd > compactStart + 1 && isToolResult(compactEnd)) compactEnd--;
  if (isToolResult(compactEnd)) return null;

  const from = startOf(compactStart);
  const to = startOf(compactEnd);
  const needsAcknowledgement = to < context.length && apiRole(context, to) === "user";
  const layout: LayoutItem[] = [
    { kind: "keep", from: 0, to: from },
    { kind: "synthetic", role: "user", purpose: "summary", text: MICRO_AGENT_SUMMARY_TEXT },
    ...(needsAcknowledgement ? [{ kind: "synthetic" as const, role: "assistant" as const, purpose: "acknowledgement" as const, text: MICRO_AGENT_ACKNOWLEDGEMENT }] : []),
    ...(to < context.length ? [{ kind: "keep" as const, from: to, to: context.length }] : []),
  ];
  return {
    reason: `${options.reason}: compacting ${compactEnd - compactStart} messages`,
    budget: options.budget,
    layout,
    summaries: [
      {
        ranges: [{ from, to }],
        request: {
          system: "",
          instructions: MICRO_AGENT_SUMMARIZATION_PROMPT,
          format: NARRATIVE_SUMMARY_FORMAT,
          maxOutputTokens: MICRO_AGENT_CONSTANTS.summarizationMaxTokens,
        },
        input: {
          toolResultPreview: { headChars: MICRO_AGENT_CONSTANTS.toolResultHeadChars, tailChars: MICRO_AGENT_CONSTANTS.toolResultTailChars },
          toolInputChars: MICRO_AGENT_CONSTANTS.toolInputPreviewChars,
          maxChars: MICRO_AGENT_CONSTANTS.maxSummarizationInputChars,
        },
      },
    ],
    ...(options.trimFrom === null ? {} : { fallback: { layout: trimLayout(head, options.trimFrom, context.length) } }),
    ...(to < context.length ? { protected: [{ kind: "tail" as const, from: to, label: tailLabel(settings.protectedTailMessages, protectedEnd - compactEnd) }] } : {}),
  };
}

/**
 * The protected tail's label: the setting's count of API messages (parallel tool results are one), and how many
 * more the boundary adjustment kept so a tool call stays with its results.
 */
function tailLabel(messages: number, pulledBack: number): string {
  const base = `last ${messages} message${messages === 1 ? "" : "s"} (protectedTailMessages)`;
  return pulledBack === 0 ? base : `${base} + ${pulledBack} to keep a tool call with its results`;
}
