import type { SummarizeRequest } from "../engine/summarize/summarizer";
import { renderTranscript } from "./render-transcript";

export interface SummaryPrompt {
  /** the system prompt, omitted from the call when empty */
  system: string;
  /** the one user turn: transcript, previous summary when updating, instructions */
  user: string;
}

/**
 * The prompt one summarization call sends. The messages go as a text transcript inside a single user turn
 * (`<transcript>…</transcript>`), followed by the strategy's instructions and then the run's custom
 * instructions (like `/compact focus on the API changes`).
 *
 * With `previousSummary` it uses seed 004's UPDATE layout: `## Existing Summary` then `## New Conversation`.
 * The strategy decides the wording (its UPDATE system prompt travels in `request.system`); this only lays out
 * what the model reads. `maxChars` is not put into the prompt: the strategy's own prompt states its target
 * length and its `checkSummary` enforces it.
 */
export function buildSummaryPrompt(request: Omit<SummarizeRequest, "signal">, customInstructions?: string): SummaryPrompt {
  const transcript = `<transcript>\n${renderTranscript(request.messages)}\n</transcript>`;
  const conversation = request.previousSummary?.trim()
    ? `## Existing Summary\n\n${request.previousSummary.trim()}\n\n## New Conversation\n\n${transcript}`
    : transcript;
  const custom = customInstructions?.trim();
  const parts = [conversation, request.instructions.trim(), custom ? `Additional instructions for this summary: ${custom}` : ""];
  return { system: request.system.trim(), user: parts.filter(Boolean).join("\n\n") };
}
