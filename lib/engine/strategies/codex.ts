import { z } from "zod";
import type { SummaryFormat } from "../summarize/summarizer";
import { defineStrategy, type ContextView, type LayoutItem } from "./strategy";

/**
 * Codex CLI's compaction numbers: `auto_compact_token_limit` (null = 90% of the model's context window) and
 * the 20,000 tokens of recent user messages carried into the new context.
 */
export const DEFAULT_CODEX_SETTINGS = {
  autoCompactTokenLimit: null as number | null,
  userMessageMaxTokens: 20_000,
};

export const CodexSettingsSchema = z.strictObject({
  autoCompactTokenLimit: z.number().int().min(1).nullable(),
  userMessageMaxTokens: z.number().int().min(0),
});
export type CodexSettings = z.infer<typeof CodexSettingsSchema>;

/** The share of the window Codex compacts at when `autoCompactTokenLimit` is null. */
export const CODEX_DEFAULT_LIMIT_RATIO = 0.9;

/** Codex prefixes the summary so the next model knows another model wrote it (the lab's wording). */
export const CODEX_SUMMARY_PREFIX =
  "An earlier model worked on this task before you and left the handoff summary below. The tools it used are in " +
  "the state it left them. Build on its work rather than redoing it, and use the summary in your own reasoning:";
export const CODEX_NO_SUMMARY = "(no summary available)";

const SYSTEM_PROMPT = "You write handoff notes that let another model take over a coding task mid-way.";

export const CODEX_SUMMARY_INSTRUCTIONS =
  "This is a context checkpoint: the conversation so far is about to be replaced by your summary. Write a handoff " +
  "summary for the model that will continue the task, covering: the progress so far and the key decisions taken; " +
  "the context, constraints and user preferences that matter; what is left to do, as clear next steps; and any " +
  "data, examples or references needed to go on. Keep it concise and structured.";

export const CODEX_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "Progress and key decisions", fill: ["goal", "progress", "decisions"] },
    { heading: "Context, constraints and preferences", fill: ["constraints", "technical"] },
    { heading: "What remains (next steps)", fill: ["pending", "next-steps"] },
    { heading: "Critical data and references", fill: ["files", "errors", "critical-context"] },
  ],
};

/**
 * Codex CLI's auto-compaction. Before each call at or above the limit (`autoCompactTokenLimit`, null = 90% of
 * the window), the whole history is summarized into a handoff summary and replaced by: the initial context
 * (leading system messages), then the most recent user messages up to 20,000 tokens — picked newest first, the
 * one that crosses the budget truncated to what is left and older ones dropped, then put back in order — then
 * the summary as a user message after Codex's "another model wrote this" prefix. No assistant or tool message
 * is kept.
 *
 * Deliberate differences: Codex measures user messages and truncates at ~4 bytes a token; the lab measures with
 * the replay's estimator and truncates at 4 characters a token (keeping the head and tail, with a marker, as
 * Codex does). Synthetic user messages the harness injected are not carried over (Codex skips its own injected
 * context blocks and earlier summaries the same way). The replay's output reserve is not added to the 10% Codex
 * leaves.
 */
export const codexStrategy = defineStrategy<CodexSettings>({
  id: "codex",
  label: "Codex CLI",
  description: "At 90% of the window: replace everything by the newest user messages (≤ 20,000 tokens) and a handoff summary.",
  source: {
    kind: "peer",
    name: "OpenAI Codex CLI (local compaction: compact/prompt.md, kept user messages)",
    version: "compact/prompt.md @ 11baefb, PR #22141",
    asOf: "2026-05-11",
    url: "https://github.com/openai/codex/blob/main/codex-rs/core/templates/compact/prompt.md",
    undocumented: [
      "when Codex moved compaction for OpenAI models from /responses/compact to its local prompt: no dated release note was found, so this strategy dates itself by the prompt and PR #22141 (kept user messages stay structured, images included)",
      "the 20,000-token budget of kept user messages has no config key; the lab measures it with its estimator",
    ],
  },
  defaults: DEFAULT_CODEX_SETTINGS,
  settingsSchema: CodexSettingsSchema,
  triggers: ["before-call"],
  autoTrigger: (settings, window) => codexLimit(window, settings),
  decide({ context, settings, window, force }) {
    const limit = codexLimit(window, settings);
    if (context.tokens < limit && !force) return {};
    let head = 0;
    while (head < context.length && context.entry(head).message.role === "system" && context.entry(head).purpose === null) head++;
    if (head >= context.length) return {};
    const layout: LayoutItem[] = [
      ...(head > 0 ? [{ kind: "keep" as const, from: 0, to: head }] : []),
      ...recentUserMessages(context, head, settings.userMessageMaxTokens),
      { kind: "synthetic", role: "user", purpose: "summary", text: `${CODEX_SUMMARY_PREFIX}\n{{summary}}` },
    ];
    return {
      compaction: {
        reason: context.tokens < limit ? "compaction requested" : `context ${context.tokens} ≥ auto-compact limit ${limit}`,
        summaries: [
          {
            ranges: [{ from: head, to: context.length }],
            request: { system: SYSTEM_PROMPT, instructions: CODEX_SUMMARY_INSTRUCTIONS, format: CODEX_SUMMARY_FORMAT },
          },
        ],
        layout,
        budget: limit,
      },
    };
  },
  // Codex falls back to "(no summary available)" when the model returns nothing; an empty summary is rejected
  // here so the replay reports it instead of sending an empty handoff.
  checkSummary: (summary) => (summary.trim() === "" ? `empty summary (Codex would send "${CODEX_NO_SUMMARY}")` : null),
});

/** The token count at which Codex compacts for a window. */
export function codexLimit(window: number, settings: CodexSettings): number {
  return settings.autoCompactTokenLimit ?? Math.floor(window * CODEX_DEFAULT_LIMIT_RATIO);
}

/** Whether a context entry is a user message Codex carries over: typed by the user, or one it carried before. */
function isCarriedUserMessage(context: ContextView, position: number): boolean {
  const entry = context.entry(position);
  if (entry.message.role !== "user" || entry.message.summary) return false;
  return entry.sessionIndex !== null ? !entry.message.synthetic : entry.purpose === "handoff";
}

/** The newest user messages within `budget` tokens, in order; the one crossing it truncated. */
function recentUserMessages(context: ContextView, from: number, budget: number): LayoutItem[] {
  const picked: LayoutItem[] = [];
  let remaining = budget;
  for (let position = context.length - 1; position >= from && remaining > 0; position--) {
    if (!isCarriedUserMessage(context, position)) continue;
    const tokens = context.scale(context.entryTokens(position));
    if (tokens <= remaining) {
      picked.push({ kind: "keep", from: position, to: position + 1 });
      remaining -= tokens;
      continue;
    }
    const text = context
      .rendered(position)
      .parts.map((part) => (part.type === "text" ? part.text : ""))
      .join("\n");
    picked.push({ kind: "synthetic", role: "user", purpose: "handoff", text: truncateMiddle(text, remaining * 4) });
    break;
  }
  return picked.reverse();
}

/** Keeps the head and tail of `text` within `maxChars`, with a marker saying how much was left out. */
export function truncateMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const removed = text.length - maxChars;
  const marker = `\n…${Math.ceil(removed / 4)} tokens truncated…\n`;
  const keep = Math.max(0, maxChars - marker.length);
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}${marker}${text.slice(text.length - (keep - head))}`;
}
