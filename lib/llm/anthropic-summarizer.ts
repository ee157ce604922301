import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { DEFAULT_SUMMARY_OUTPUT_TOKENS, type SummarizeRequest, type SummarizeResult, type Summarizer } from "../engine/summarize/summarizer";
import { AnthropicSummarizerError, toSummarizerError } from "./anthropic-summarizer-error";
import { buildSummaryPrompt } from "./build-summary-prompt";
import { readEnv } from "../env/read-env";

/** The model a run uses when it names none: a small, current model, as compaction models usually are. */
export const DEFAULT_SUMMARY_MODEL = "claude-haiku-4-5";
/** Seed 002's SummarizationMaxTokens (4,096); used when neither the run nor the strategy says. */
export const DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS = DEFAULT_SUMMARY_OUTPUT_TOKENS;
/** Per attempt. A summary of a long history is slow, but a stuck call should not hold a replay for 10 minutes. */
export const DEFAULT_SUMMARY_TIMEOUT_MS = 120_000;
/** The SDK's own retries (429, 408, 409, 5xx, connection errors, timeouts), honouring retry-after. */
export const DEFAULT_SUMMARY_MAX_RETRIES = 2;
/** Above this the SDK refuses a non-streaming call (it expects > 10 minutes), so the summarizer streams. */
const NON_STREAMING_MAX_OUTPUT_TOKENS = 21_000;

export interface AnthropicSummarizerOptions {
  /** chosen per run; a cheaper compaction model than the session's is a common choice */
  model: string;
  /** a per-request key (kept in this closure only, never stored or logged); default ANTHROPIC_API_KEY */
  apiKey?: string;
  /** default ANTHROPIC_BASE_URL, else the SDK's default (api.anthropic.com) — proxies, gateways, the fake server */
  baseURL?: string;
  /** the run's output cap; overrides the strategy's `maxOutputTokens`; default the strategy's, else 4,096 */
  maxOutputTokens?: number;
  /** time limit per attempt, ms (the SDK's `timeout`); default {@link DEFAULT_SUMMARY_TIMEOUT_MS} */
  timeoutMs?: number;
  /** retries after the first attempt (the SDK's `maxRetries`); default {@link DEFAULT_SUMMARY_MAX_RETRIES} */
  maxRetries?: number;
  /** appended after the strategy's instructions, like `/compact focus on the API changes` */
  customInstructions?: string;
  /** stream the response (SSE); default false, forced on for output caps the SDK will not wait for unstreamed */
  stream?: boolean;
}

/** The part of a Messages API response the summarizer relies on; anything else is `malformed_response`. */
const SummaryResponseSchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullable().optional(),
  usage: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }),
});

/**
 * A {@link Summarizer} backed by Claude through @anthropic-ai/sdk: the strategy's system prompt and
 * instructions, the messages as a text transcript in one user turn (see {@link buildSummaryPrompt} for why),
 * temperature 0, no tools, the request's abort signal, a time limit and the SDK's retries.
 *
 * It resolves with the whole summary or rejects with an {@link AnthropicSummarizerError} — never with partial
 * text: an aborted or failed stream, an empty text, a summary cut at max_tokens or a body that is not a message
 * all reject, so the replay records the strategy's fallback. Throws `auth` at creation when there is no key.
 */
export function createAnthropicSummarizer(options: AnthropicSummarizerOptions): Summarizer {
  const apiKey = options.apiKey ?? readEnv().ANTHROPIC_API_KEY;
  if (!apiKey) throw new AnthropicSummarizerError({ code: "auth", message: "no API key: set ANTHROPIC_API_KEY on the server or pass a key for this run" });
  const timeoutMs = options.timeoutMs ?? DEFAULT_SUMMARY_TIMEOUT_MS;
  const client = new Anthropic({
    apiKey,
    baseURL: options.baseURL ?? readEnv().ANTHROPIC_BASE_URL,
    timeout: timeoutMs,
    maxRetries: options.maxRetries ?? DEFAULT_SUMMARY_MAX_RETRIES,
  });

  return async (request: SummarizeRequest): Promise<SummarizeResult> => {
    const failWith = (error: unknown) => toSummarizerError(error, { signal: request.signal, timeoutMs, secrets: [apiKey] });
    if (request.signal?.aborted) throw failWith(request.signal.reason);
    const prompt = buildSummaryPrompt(request, options.customInstructions);
    const maxTokens = options.maxOutputTokens ?? request.maxOutputTokens ?? DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS;
    const params = {
      model: options.model,
      max_tokens: maxTokens,
      temperature: 0,
      ...(prompt.system ? { system: prompt.system } : {}),
      messages: [{ role: "user" as const, content: prompt.user }],
    };
    let response: unknown;
    try {
      response =
        options.stream || maxTokens > NON_STREAMING_MAX_OUTPUT_TOKENS
          ? await client.messages.stream(params, { signal: request.signal }).finalMessage()
          : await client.messages.create(params, { signal: request.signal });
    } catch (error) {
      throw failWith(error);
    }
    return readSummary(response, maxTokens);
  };
}

/** The summary text and usage of a response, or the error that says why there is none. */
function readSummary(response: unknown, maxTokens: number): SummarizeResult {
  const parsed = SummaryResponseSchema.safeParse(response);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AnthropicSummarizerError({ code: "malformed_response", message: `the response is not a message (${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "unknown shape"})` });
  }
  const { content, stop_reason: stopReason, usage } = parsed.data;
  const text = content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("")
    .trim();
  if (stopReason === "max_tokens") {
    throw new AnthropicSummarizerError({ code: "truncated", message: `the summary reached max_tokens (${maxTokens}) and was cut off; raise the output cap` });
  }
  if (text.length === 0) throw new AnthropicSummarizerError({ code: "empty_summary", message: `the model returned no summary text (stop_reason ${stopReason ?? "none"})` });
  return { text, usage: { input: usage.input_tokens, output: usage.output_tokens } };
}
