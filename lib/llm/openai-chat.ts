import OpenAI from "openai";
import { z } from "zod";
import { DEFAULT_SUMMARY_MAX_RETRIES, DEFAULT_SUMMARY_TIMEOUT_MS } from "./anthropic-summarizer";
import type { OpenAIEndpoint } from "./openai-endpoint";
import { OpenAISummarizerError, toOpenAISummarizerError } from "./openai-summarizer-error";

export interface OpenAIChatOptions {
  endpoint: OpenAIEndpoint;
  /** per attempt, ms; default the Anthropic summarizer's */
  timeoutMs?: number;
  /** the SDK's retries (408, 409, 429, 5xx, connection errors), honouring retry-after; default the Anthropic summarizer's */
  maxRetries?: number;
}

export interface OpenAIChatCall {
  model: string;
  system: string;
  user: string;
  maxTokens: number;
  signal?: AbortSignal;
}

export interface OpenAIChatAnswer {
  text: string;
  /** `stop`, `length` (cut at the cap), `content_filter`, … as the endpoint said; null when it said none */
  finishReason: string | null;
  usage: { input: number; output: number };
}

/** The part of a chat completion the lab relies on; anything else is `malformed_response`. */
const ChatCompletionSchema = z.object({
  choices: z
    .array(z.looseObject({ message: z.looseObject({ content: z.string().nullable().optional() }), finish_reason: z.string().nullable().optional() }))
    .min(1),
  usage: z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullable().optional(),
});

/**
 * One Chat Completions call to an OpenAI-compatible endpoint through the official `openai` SDK — the shape every
 * compatible server (vLLM, Ollama, LM Studio, OpenRouter, Azure's v1 API) implements. A client per call site,
 * built once: the key stays in its closure.
 *
 * What goes out: a system message (when there is one) and one user message; `max_completion_tokens` to OpenAI's
 * own API (its reasoning models refuse `max_tokens`) and `max_tokens` elsewhere (what compatible servers read);
 * temperature 0 except on OpenAI's own API, whose reasoning models accept only the default. Rejects with an
 * {@link OpenAISummarizerError}: transport codes after the SDK's retries, `malformed_response` for a body that
 * is not a completion. A completion without usage (some local servers) counts 0 tokens.
 */
export function createOpenAIChat(options: OpenAIChatOptions): (call: OpenAIChatCall) => Promise<OpenAIChatAnswer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SUMMARY_TIMEOUT_MS;
  const { endpoint } = options;
  const client = new OpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseURL, timeout: timeoutMs, maxRetries: options.maxRetries ?? DEFAULT_SUMMARY_MAX_RETRIES });
  const official = new URL(endpoint.baseURL).hostname === "api.openai.com";
  return async (call) => {
    const fail = (error: unknown) => toOpenAISummarizerError(error, { signal: call.signal, timeoutMs, secrets: [endpoint.apiKey] });
    if (call.signal?.aborted) throw fail(call.signal.reason);
    const messages = [...(call.system ? [{ role: "system" as const, content: call.system }] : []), { role: "user" as const, content: call.user }];
    const params = official
      ? { model: call.model, messages, max_completion_tokens: call.maxTokens }
      : { model: call.model, messages, max_tokens: call.maxTokens, temperature: 0 };
    let response: unknown;
    try {
      response = await client.chat.completions.create(params, { signal: call.signal });
    } catch (error) {
      throw fail(error);
    }
    const parsed = ChatCompletionSchema.safeParse(response);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new OpenAISummarizerError({ code: "malformed_response", message: `the response is not a chat completion (${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "unknown shape"})` });
    }
    const choice = parsed.data.choices[0];
    const usage = parsed.data.usage;
    return {
      text: (choice.message.content ?? "").trim(),
      finishReason: choice.finish_reason ?? null,
      usage: { input: usage?.prompt_tokens ?? 0, output: usage?.completion_tokens ?? 0 },
    };
  };
}
