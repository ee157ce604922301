import OpenAI from "openai";
import type { AnthropicSummarizerErrorCode } from "./anthropic-summarizer-error";

/** The same failure codes as the Anthropic summarizer's, so the breaker, the runs and the judge read both alike. */
export type OpenAISummarizerErrorCode = AnthropicSummarizerErrorCode;

/**
 * A failed call to an OpenAI-compatible endpoint (OpenAI, Azure OpenAI's v1 API, OpenRouter, vLLM, Ollama,
 * LM Studio). Like the Anthropic summarizer's error: the message names the code and what happened, never the key
 * or request content, and the SDK error is not attached as `cause`.
 */
export class OpenAISummarizerError extends Error {
  readonly code: OpenAISummarizerErrorCode;
  readonly status?: number;
  readonly requestId?: string;

  constructor(options: { code: OpenAISummarizerErrorCode; message: string; status?: number; requestId?: string }) {
    super(`openai summarizer: ${options.code}: ${options.message}`);
    this.name = "OpenAISummarizerError";
    this.code = options.code;
    this.status = options.status;
    this.requestId = options.requestId;
  }
}

/** Maps whatever the openai SDK threw to an {@link OpenAISummarizerError}; `secrets` are scrubbed from messages. */
export function toOpenAISummarizerError(error: unknown, context: { signal?: AbortSignal; timeoutMs: number; secrets: readonly string[] }): OpenAISummarizerError {
  if (error instanceof OpenAISummarizerError) return error;
  const scrub = (text: string) => context.secrets.reduce((result, secret) => (secret ? result.replaceAll(secret, "[redacted]") : result), text);
  if (context.signal?.aborted || error instanceof OpenAI.APIUserAbortError) {
    return new OpenAISummarizerError({ code: "aborted", message: "the call was cancelled" });
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new OpenAISummarizerError({ code: "timeout", message: `no response within ${context.timeoutMs} ms (per attempt, after retries)` });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new OpenAISummarizerError({ code: "connection", message: `could not reach the endpoint: ${scrub(error.message)}` });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const requestId = error.requestID ?? undefined;
    const detail = scrub(apiErrorMessage(error));
    if (status === 401 || status === 403) return new OpenAISummarizerError({ code: "auth", message: `the endpoint refused the key (${status}): ${detail}`, status, requestId });
    if (status === 429) return new OpenAISummarizerError({ code: "rate_limited", message: `rate limited after retries: ${detail}`, status, requestId });
    if (status !== undefined && status >= 500) return new OpenAISummarizerError({ code: "server_error", message: `server error ${status} after retries: ${detail}`, status, requestId });
    if (status !== undefined) return new OpenAISummarizerError({ code: "bad_request", message: `request rejected (${status}): ${detail}`, status, requestId });
  }
  if (error instanceof SyntaxError) return new OpenAISummarizerError({ code: "malformed_response", message: `the response body is not valid JSON: ${scrub(error.message)}` });
  if (error instanceof OpenAI.OpenAIError) return new OpenAISummarizerError({ code: "malformed_response", message: `the response could not be read: ${scrub(error.message)}` });
  const message = error instanceof Error ? error.message : String(error);
  return new OpenAISummarizerError({ code: "malformed_response", message: `unexpected failure reading the response: ${scrub(message)}` });
}

/** The endpoint's own message when the body has one (`{error: {message}}` or `{message}`), else the SDK's. */
function apiErrorMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const body = error.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  if (typeof body?.message === "string") return body.message;
  return typeof body?.error?.message === "string" ? body.error.message : error.message;
}
