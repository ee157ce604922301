import { z } from "zod";
import type { SummaryFormat } from "../summarize/summarizer";
import { GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET, truncateToolOutputToBudget } from "../prune/truncate-tool-output-to-budget";
import { MESSAGE_OVERHEAD_TOKENS } from "../tokens/chars4";
import { defineStrategy, type ContextView, type LayoutItem, type StrategyNote } from "./strategy";

/** gemini-cli's `compressionThreshold` (share of the model's token limit) and `compressionPreserveThreshold`. */
export const DEFAULT_GEMINI_CLI_SETTINGS = { compressionThreshold: 0.5, compressionPreserveThreshold: 0.3 };

export const GeminiCliSettingsSchema = z.strictObject({
  compressionThreshold: z.number().gt(0).max(1),
  compressionPreserveThreshold: z.number().min(0).lt(1),
});
export type GeminiCliSettings = z.infer<typeof GeminiCliSettingsSchema>;

/** The model's reply after the snapshot (gemini-cli adds one so the turns alternate; the lab's wording). */
export const GEMINI_CLI_ACKNOWLEDGEMENT = "Understood, I will continue from this snapshot.";
export const GEMINI_CLI_FAILED_GUARD = "gemini-cli-failed-compression";

const SYSTEM_PROMPT =
  "You turn a long agent conversation into a compact XML state snapshot. The snapshot will be the agent's only " +
  "memory of everything before it, so every goal, plan, error and user instruction that still matters must be in it.";

export const GEMINI_CLI_SUMMARY_INSTRUCTIONS =
  "First think the whole history through privately: the user's overall goal, what the agent did, tool output, " +
  "files changed and what is unresolved. Then reply with a single <state_snapshot> element, dense with facts and " +
  "free of conversational filler, holding: <overall_goal> (one sentence), <key_knowledge> (facts, conventions and " +
  "constraints to remember, as bullets), <file_system_state> (files created, read, changed or deleted, with what " +
  "was learned), <recent_actions> (the last significant actions and their outcomes), <current_plan> (the steps, " +
  "each marked [DONE], [IN PROGRESS] or [TODO]).";

export const GEMINI_CLI_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "<overall_goal>", fill: ["goal"] },
    { heading: "<key_knowledge>", fill: ["constraints", "technical", "decisions"] },
    { heading: "<file_system_state>", fill: ["files"] },
    { heading: "<recent_actions>", fill: ["progress", "active-work", "errors"] },
    { heading: "<current_plan>", fill: ["pending", "next-steps"] },
  ],
};

/**
 * gemini-cli's chat compression. Before each call at or above `compressionThreshold` (0.5) of the window, the
 * history is split so about the last `compressionPreserveThreshold` (30%) is kept: the split is the first user
 * turn start (a user message, never a tool result) at which 70% of the history lies before it, or the last turn
 * start before that point if none follows; when the history ends with a model reply that calls no tool,
 * everything is compressed. The older part becomes a <state_snapshot> (overall_goal, key_knowledge,
 * file_system_state, recent_actions, current_plan) sent as a user message with a short model acknowledgement,
 * followed by the kept turns. A snapshot that would make the context larger than before (token inflation) is
 * rejected: the history stays as it was, a fallback event says why, and — as in gemini-cli-core 0.61 — no summary
 * is tried again automatically (a guard event says so; a forced compression still runs): over the threshold, old
 * tool output is truncated to a token budget instead ({@link truncateToolOutputToBudget}).
 *
 * Deliberate differences: gemini-cli measures the split in characters of the serialized history; the lab uses
 * the replay's estimator tokens. The inflation check compares the snapshot plus acknowledgement with what they
 * replace (the kept turns are the same on both sides). Leading system messages are kept and not split (gemini-cli
 * sends its system instruction outside the history).
 */
export const geminiCliStrategy = defineStrategy<GeminiCliSettings>({
  id: "gemini-cli",
  label: "Gemini CLI (retired 2026-06-18)",
  description: "Retired 2026-06-18 (Antigravity CLI succeeds it). At 50% of the window: snapshot the oldest 70% into a <state_snapshot>, keep the newest 30% from a user turn; reject a snapshot that inflates.",
  source: {
    kind: "peer",
    name: "gemini-cli (chat compression)",
    // the published package `npm run conformance` calls for the trigger and split points
    version: "@google/gemini-cli-core 0.61.0",
    asOf: "2026-09-25",
    url: "https://github.com/google-gemini/gemini-cli",
    retired: {
      on: "2026-06-18",
      note:
        "Gemini CLI stopped serving free, Pro and Ultra users on 2026-06-18 (announced at Google I/O, 2026-05-19); Antigravity CLI (agy) succeeds it. " +
        "Antigravity CLI's compaction is not documented (its migration guide, google-gemini/gemini-cli docs/resources/migrating-to-antigravity-cli.md, names none), so the lab has no strategy for it.",
    },
  },
  defaults: DEFAULT_GEMINI_CLI_SETTINGS,
  settingsSchema: GeminiCliSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings, window) => Math.floor(settings.compressionThreshold * window),
  decide({ context, settings, window, events, force }) {
    const threshold = Math.floor(settings.compressionThreshold * window);
    if (context.tokens < threshold && !force) return {};
    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
    if (!force && events.some((event) => event.type === "fallback")) {
      // gemini-cli-core 0.61 after a failed compression: no summary again, only old tool output truncated to budget
      const marks = truncateToolOutputToBudget(context, { from: head, window });
      if (events.some((event) => event.type === "guard" && event.guard === GEMINI_CLI_FAILED_GUARD)) return { marks };
      const note: StrategyNote = {
        type: "guard",
        guard: GEMINI_CLI_FAILED_GUARD,
        message:
          "an earlier compression failed: no more automatic summaries this session; over the threshold, tool output " +
          `older than the newest ${GEMINI_FUNCTION_RESPONSE_TOKEN_BUDGET.toLocaleString("en-US")} tokens of it is truncated instead`,
      };
      return { marks, notes: [note] };
    }
    const split = findCompressSplitPoint(context, head, 1 - settings.compressionPreserveThreshold);
    if (split <= head) return {};
    const layout: LayoutItem[] = [
      ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
      { kind: "synthetic", role: "user", purpose: "summary", text: "{{summary}}" },
      { kind: "synthetic", role: "assistant", purpose: "acknowledgement", text: GEMINI_CLI_ACKNOWLEDGEMENT },
      ...(split < context.length ? [{ kind: "keep" as const, from: split, to: context.length }] : []),
    ];
    return {
      compaction: {
        reason: context.tokens < threshold ? "compression requested" : `context ${context.tokens} ≥ ${settings.compressionThreshold} × window ${window} = ${threshold}`,
        summaries: [
          {
            ranges: [{ from: head, to: split }],
            request: { system: SYSTEM_PROMPT, instructions: GEMINI_CLI_SUMMARY_INSTRUCTIONS, format: GEMINI_CLI_SUMMARY_FORMAT },
          },
        ],
        layout,
        budget: threshold,
      },
    };
  },
  checkSummary(_summary, { summarizedTokens, summaryTokens }) {
    const acknowledgement = MESSAGE_OVERHEAD_TOKENS + Math.ceil(GEMINI_CLI_ACKNOWLEDGEMENT.length / 4);
    const added = summaryTokens + acknowledgement;
    return added > summarizedTokens
      ? `token inflation: the snapshot and acknowledgement (${added}) are larger than the ${summarizedTokens} tokens they replace`
      : null;
  },
});

/**
 * gemini-cli's split point over positions [from, length): the first user turn start at which the tokens before
 * it (from `from`) reach `fraction` of the total; else everything when the last message is an assistant reply
 * without tool calls; else the last user turn start seen (`from` when there is none — nothing to compress).
 */
export function findCompressSplitPoint(context: ContextView, from: number, fraction: number): number {
  let total = 0;
  for (let position = from; position < context.length; position++) total += context.entryTokens(position);
  const target = total * fraction;
  let lastSplit = from;
  let before = 0;
  for (let position = from; position < context.length; position++) {
    if (context.entry(position).message.role === "user") {
      if (before >= target) return position;
      lastSplit = position;
    }
    before += context.entryTokens(position);
  }
  const last = context.length > from ? context.entry(context.length - 1).message : null;
  if (last?.role === "assistant" && !last.parts.some((part) => part.type === "tool-call")) return context.length;
  return lastSplit;
}
