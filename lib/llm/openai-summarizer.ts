import type { SummarizeRequest, SummarizeResult, Summarizer } from "../engine/summarize/summarizer";
import { DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS } from "./anthropic-summarizer";
import { buildSummaryPrompt } from "./build-summary-prompt";
import { createOpenAIChat } from "./openai-chat";
import type { OpenAIEndpoint } from "./openai-endpoint";
import { OpenAISummarizerError } from "./openai-summarizer-error";

export interface OpenAISummarizerOptions {
  /** the endpoint's model id: `gpt-5-mini`, `qwen3:8b` (Ollama), `meta-llama/…` (OpenRouter, vLLM) */
  model: string;
  /** from resolveOpenAIEndpoint: base URL and key (kept in this closure only) */
  endpoint: OpenAIEndpoint;
  /** the run's output cap; default the strategy's, else 4,096 */
  maxOutputTokens?: number;
  timeoutMs?: number;
  maxRetries?: number;
  /** appended after the strategy's instructions */
  customInstructions?: string;
}

/**
 * A {@link Summarizer} backed by any OpenAI-compatible model: the same prompt as the Anthropic summarizer
 * (`buildSummaryPrompt`: the strategy's system prompt, the transcript as text in one user turn, its instructions),
 * sent as a Chat Completions call. Resolves with the whole summary or rejects with an {@link OpenAISummarizerError}:
 * `truncated` when the model stopped at the cap (`finish_reason: "length"`), `empty_summary` for no text — so the
 * replay records the strategy's fallback, never a partial summary.
 */
export function createOpenAISummarizer(options: OpenAISummarizerOptions): Summarizer {
  const chat = createOpenAIChat({ endpoint: options.endpoint, timeoutMs: options.timeoutMs, maxRetries: options.maxRetries });
  return async (request: SummarizeRequest): Promise<SummarizeResult> => {
    const prompt = buildSummaryPrompt(request, options.customInstructions);
    const maxTokens = options.maxOutputTokens ?? request.maxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS;
    const answer = await chat({ model: options.model, system: prompt.system, user: prompt.user, maxTokens, signal: request.signal });
    if (answer.finishReason === "length") {
      throw new OpenAISummarizerError({ code: "truncated", message: `the summary reached the output cap (${maxTokens}) and was cut off; raise the output cap` });
    }
    if (answer.text.length === 0) throw new OpenAISummarizerError({ code: "empty_summary", message: `the model returned no summary text (finish_reason ${answer.finishReason ?? "none"})` });
    return { text: answer.text, usage: answer.usage };
  };
}
