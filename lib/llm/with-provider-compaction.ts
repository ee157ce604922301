import type { CompactionProvider, SummarizeRequest, Summarizer } from "../engine/summarize/summarizer";
import { createAnthropicCompaction } from "./anthropic-compaction";
import { AnthropicSummarizerError } from "./anthropic-summarizer-error";
import { createOpenAICompaction } from "./openai-compaction";
import type { OpenAIEndpoint } from "./openai-endpoint";

export type ProviderCompactionTarget =
  | { provider: "anthropic"; model: string; apiKey: string; baseURL?: string; timeoutMs?: number; maxRetries?: number }
  | { provider: "openai"; model: string; endpoint: OpenAIEndpoint; timeoutMs?: number; maxRetries?: number };

/**
 * A summarizer that also answers the engine's provider-compaction requests (the anthropic-compaction and
 * openai-compaction strategies) by calling that provider's own compaction with the same model, key and endpoint:
 * Anthropic's text comes back as the summary, OpenAI's opaque item as `opaqueTokens` (its size as OpenAI reported
 * it). A request for the other provider is refused (the run's summarizer decides where transcript text may go),
 * so nothing is ever sent to a provider the run did not name. Ordinary summary requests go to `summarizer`.
 *
 * Timeouts, retries with backoff and cancellation are the SDK clients' (the same defaults as the summarizer);
 * errors are the summarizer's error types, so the circuit breaker and `degraded` runs treat both alike.
 */
export function withProviderCompaction(summarizer: Summarizer, options: { target: ProviderCompactionTarget; customInstructions?: string }): Summarizer {
  const { target } = options;
  return async (request) => {
    const wanted = request.providerCompaction;
    if (!wanted) return summarizer(request);
    if (wanted.provider !== target.provider) throw wrongProvider(wanted.provider, target.provider);
    const instructions = [request.instructions, options.customInstructions].map((text) => text?.trim() ?? "").filter(Boolean).join("\n\n") || undefined;
    if (target.provider === "anthropic") {
      const compact = createAnthropicCompaction({ model: target.model, apiKey: target.apiKey, baseURL: target.baseURL, triggerTokens: wanted.triggerTokens, mode: wanted.mode, instructions, timeoutMs: target.timeoutMs, maxRetries: target.maxRetries });
      const result = await compact(compactionInput(request));
      return { text: result.summary ?? "", usage: result.usage };
    }
    const compact = createOpenAICompaction({ model: target.model, endpoint: target.endpoint, instructions, timeoutMs: target.timeoutMs, maxRetries: target.maxRetries });
    const result = await compact(compactionInput(request));
    return { text: "", opaqueTokens: result.itemTokens, usage: result.usage };
  };
}

function compactionInput(request: SummarizeRequest) {
  return { messages: request.messages, signal: request.signal };
}

function wrongProvider(wanted: CompactionProvider, have: CompactionProvider): Error {
  return new AnthropicSummarizerError({ code: "bad_request", message: `${wanted}-compaction needs the ${wanted} summarizer; this run's summarizer is ${have}` });
}
