import { z } from "zod";
import type { Message } from "../model";
import type { ReplayEvent } from "../simulate/replay-events";
import { VIBE_SUMMARY_FORMAT } from "../summarize/summary-formats";
import type { ContextView, LayoutItem, StrategyDecision } from "./strategy";
import { defineStrategy } from "./strategy";

/** Seed 000 §12: `auto_compact_threshold` 200,000 (≤ 0 disables), `context_warnings` false. */
export const DEFAULT_VIBE_SETTINGS = { autoCompactThreshold: 200_000, contextWarnings: false };

export const VibeSettingsSchema = z.strictObject({
  autoCompactThreshold: z.number().int(),
  contextWarnings: z.boolean(),
});
export type VibeSettings = z.infer<typeof VibeSettingsSchema>;

/** Seed 000 §2: the ContextWarningMiddleware warns at half the threshold. */
export const VIBE_WARNING_RATIO = 0.5;
export const VIBE_WARNING_CODE = "context-warning";
/** Seed 000 §6: what history cleaning fills a missing tool response with, and the closing assistant message. */
export const VIBE_TOOL_NO_RESPONSE = "Tool no response";
export const VIBE_UNDERSTOOD = "Understood.";
/** Seed 000 §3 step 4. */
export const VIBE_LAST_REQUEST_PREFIX = "Last request from user was: ";

/** Seed 000 §4 (`prompts/compact.md`), verbatim. */
export const VIBE_COMPACTION_PROMPT = `Provide a detailed but concise summary of our conversation. Structure it as follows:

1. User's Primary Goals and Intent
   - Capture all explicit requests and objectives
   - Preserve exact priorities and constraints

2. Conversation Timeline and Progress
   - Chronological key phases
   - Initial requests and how addressed
   - Major decisions and rationale
   - Problems and solutions
   - Current state

3. Technical Context and Decisions
   - Technologies, frameworks, tools
   - Architectural patterns and design decisions
   - Key technical constraints
   - Important code patterns established

4. Files and Code Changes
   - Full file paths
   - Purpose and importance
   - Specific changes with key code snippets
   - Current state

5. Active Work and Last Actions (CRITICAL)
   - Specific task being addressed
   - Last completed action
   - Any partial work or mid-implementation state
   - Include relevant code snippets

6. Unresolved Issues and Pending Tasks
   - Errors still requiring attention
   - Tasks explicitly requested but not started
   - Decisions waiting for user input

7. Immediate Next Step
   - SPECIFIC next action based on:
     - User's most recent request
     - Current implementation state
     - Any ongoing interrupted work

Be precise with technical details, file names, and code.
The next agent reading this should be able to continue exactly
where we left off without asking clarifying questions.`;

/**
 * Mistral vibe's AutoCompactMiddleware (seed 000). Before each model call, when the context counter reaches
 * `autoCompactThreshold`, the whole history is summarized with the seven-section compact.md prompt and
 * replaced by `[system prompt, user: summary + "Last request from user was: …"]`.
 *
 * Rules, as the seed states them:
 * - The counter is the last call's prompt + completion tokens (§2 `updateStats`), so tool results appended
 *   since the last call are not yet counted; before the first call it is 0. The lab measures it on the
 *   replayed context: everything up to and including the newest assistant message.
 * - `autoCompactThreshold` ≤ 0 disables auto-compaction; a forced (manual) compaction still runs.
 * - History cleaning before summarizing (§6): every tool call without a response gets a "Tool no response"
 *   result, and a history ending on a tool message gets an "Understood." assistant message — in the
 *   summarizer's input only, since the whole history is then replaced.
 * - The last user-role message is appended to the summary. Like the seed, this is simply the newest user
 *   message in the context — after an earlier compaction with no user message since, that is the previous
 *   summary message.
 * - `contextWarnings` (default off, as the seed ships it): a `warning` event (code `context-warning`) when the
 *   counter reaches half the threshold, once until the next compaction resets the middleware (§8).
 *
 * Deliberate differences: tokens are the replay's estimate (vibe recounts with a 16-token probe call after
 * compacting); a warning is given only while auto-compaction is enabled and the counter is still under the
 * threshold (the compaction itself is the louder event); the summary's budget is the threshold (a compaction
 * should leave room below it), or the usable window when disabled.
 */
export const vibeStrategy = defineStrategy<VibeSettings>({
  id: "vibe",
  label: "Mistral vibe",
  description: "At 200K tokens before a call, replace everything but the system prompt by a seven-section summary plus the last user request.",
  source: { kind: "seed", file: "000_0dd03fc3379293a9.txt", section: "§2–§6, §12 (AutoCompactMiddleware, compact(), compact.md)" },
  defaults: DEFAULT_VIBE_SETTINGS,
  settingsSchema: VibeSettingsSchema,
  triggers: ["before-call"],
  decide({ context, settings, events, force, window, outputReserve }): StrategyDecision {
    const threshold = settings.autoCompactThreshold;
    const enabled = threshold > 0;
    const counter = lastCallTokens(context);
    if (force || (enabled && counter >= threshold)) {
      const usable = window - outputReserve;
      const reason = enabled && counter >= threshold ? `context ${counter} ≥ threshold ${threshold}` : enabled ? `manual compaction: context ${counter} < threshold ${threshold}` : "manual compaction (auto-compaction off)";
      return planVibeCompaction(context, { reason, budget: enabled ? Math.min(threshold, usable) : usable });
    }
    if (enabled && settings.contextWarnings && counter >= threshold * VIBE_WARNING_RATIO && !warnedSinceCompaction(events)) {
      const message = `context ${counter} tokens is at least ${VIBE_WARNING_RATIO * 100}% of the auto-compact threshold ${threshold}`;
      return { notes: [{ type: "warning", code: VIBE_WARNING_CODE, message }] };
    }
    return {};
  },
});

/** The seed's `contextTokens`: what the last call was sent plus what it produced (0 before the first call). */
export function lastCallTokens(context: ContextView): number {
  let after = 0;
  for (let position = context.length - 1; position >= 0; position--) {
    if (context.entry(position).message.role === "assistant") return context.tokens - context.scale(after);
    after += context.entryTokens(position);
  }
  return 0;
}

function planVibeCompaction(context: ContextView, options: { reason: string; budget: number }): StrategyDecision {
  const head = context.length > 0 && context.entry(0).message.role === "system" ? 1 : 0;
  if (context.length <= head) return {};
  const lastUser = lastUserText(context);
  const layout: LayoutItem[] = [
    ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
    {
      kind: "synthetic",
      role: "user",
      purpose: "summary",
      text: lastUser === null ? "{{summary}}" : `{{summary}}\n\n${VIBE_LAST_REQUEST_PREFIX}${lastUser}`,
    },
  ];
  return {
    compaction: {
      reason: options.reason,
      budget: options.budget,
      layout,
      summaries: [
        {
          ranges: [{ from: head, to: context.length }],
          request: { system: head > 0 ? textOf(context.rendered(0)) : "", instructions: VIBE_COMPACTION_PROMPT, format: VIBE_SUMMARY_FORMAT },
          input: { insertAfter: cleaningInserts(context, head) },
        },
      ],
    },
  };
}

/**
 * Seed 000 §6 as inserts into the summarizer's input: "Tool no response" for each call without a result
 * (after the call's results that did come), then "Understood." when the history ends on a tool message.
 * The seed skips cleaning below two messages (ACCEPTABLE_HISTORY_SIZE).
 */
function cleaningInserts(context: ContextView, head: number): { position: number; message: Message }[] {
  if (context.length < 2) return [];
  const inserts: { position: number; message: Message }[] = [];
  for (let position = head; position < context.length; position++) {
    const message = context.entry(position).message;
    if (message.role !== "assistant") continue;
    const calls = message.parts.filter((part) => part.type === "tool-call");
    if (calls.length === 0) continue;
    const answered = new Set<string>();
    let last = position;
    while (last + 1 < context.length && context.entry(last + 1).message.role === "tool") {
      last++;
      for (const part of context.entry(last).message.parts) if (part.type === "tool-result") answered.add(part.callId);
    }
    for (const call of calls) {
      if (answered.has(call.id)) continue;
      inserts.push({
        position: last,
        message: {
          id: `lab:vibe:tool-no-response:${call.id}`,
          role: "tool",
          synthetic: true,
          parts: [{ type: "tool-result", callId: call.id, name: call.name, output: VIBE_TOOL_NO_RESPONSE, isError: false, images: [] }],
        },
      });
    }
  }
  const end = context.length - 1;
  const endsOnTool = context.entry(end).message.role === "tool" || inserts.some((insert) => insert.position === end);
  if (endsOnTool) {
    inserts.push({
      position: end,
      message: { id: "lab:vibe:understood", role: "assistant", synthetic: true, parts: [{ type: "text", text: VIBE_UNDERSTOOD, synthetic: true }] },
    });
  }
  return inserts;
}

function lastUserText(context: ContextView): string | null {
  for (let position = context.length - 1; position >= 0; position--) {
    if (context.entry(position).message.role === "user") return textOf(context.rendered(position));
  }
  return null;
}

function textOf(message: Message): string {
  return message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** Whether a context warning was given since the last successful compaction (which resets the middleware). */
function warnedSinceCompaction(events: readonly ReplayEvent[]): boolean {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event.type === "warning" && event.code === VIBE_WARNING_CODE) return true;
    if (event.type === "compaction-end" && event.summary !== null) return false;
  }
  return false;
}
