import { DEFAULT_SUMMARY_OUTPUT_TOKENS, offlineProviderCompactionError, type SummarizeRequest, type SummarizeResult, type Summarizer } from "./summarizer";
import { estimateMessageTokens } from "../tokens/chars4";
import { renderExtractiveSummary } from "./render-extractive-summary";

/**
 * The offline baseline summarizer: deterministic, no key, no model. It fills the strategy's requested layout
 * from the transcript itself (see {@link renderExtractiveSummary}). Synchronous at heart, so previews and
 * the invariant tests can use it without awaiting; {@link extractiveSummarizer} wraps it as a Summarizer.
 * Usage is the chars/4 size of what it read and wrote, so runs can compare it with an LLM's.
 *
 * The text is capped like a model's output: `maxChars` when the strategy sets one, and never more than 4 chars per
 * output token of `maxOutputTokens` (default {@link DEFAULT_SUMMARY_OUTPUT_TOKENS}).
 */
export function extractiveSummary(request: Omit<SummarizeRequest, "signal">): SummarizeResult {
  const outputCapChars = 4 * (request.maxOutputTokens ?? DEFAULT_SUMMARY_OUTPUT_TOKENS);
  const text = renderExtractiveSummary({ ...request, maxChars: Math.min(request.maxChars ?? Infinity, outputCapChars) });
  const input = request.messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
  return { text, usage: { input, output: Math.ceil(text.length / 4) } };
}

export const extractiveSummarizer: Summarizer = async (request) => {
  request.signal?.throwIfAborted();
  if (request.providerCompaction) throw new Error(offlineProviderCompactionError(request.providerCompaction.provider));
  return extractiveSummary(request);
};
