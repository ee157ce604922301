import Anthropic from "@anthropic-ai/sdk";

export const ANTHROPIC_SUMMARIZER_ERROR_CODES = [
  "rate_limited",
  "server_error",
  "timeout",
  "empty_summary",
  "truncated",
  "malformed_response",
  "auth",
  "bad_request",
  "connection",
  "aborted",
] as const;
/**
 * Why a summarization call failed (after the SDK's retries):
 * `rate_limited` 429 · `server_error` 5xx / 529 overloaded · `timeout` the time limit passed · `empty_summary` no
 * text · `truncated` the model hit max_tokens (the summary would be cut off) · `malformed_response` a body that is
 * not a message · `auth` no key, 401 or 403 · `bad_request` any other 4xx (e.g. the input is too long for the
 * model) · `connection` the server could not be reached · `aborted` the caller's signal fired.
 */
export type AnthropicSummarizerErrorCode = (typeof ANTHROPIC_SUMMARIZER_ERROR_CODES)[number];

/**
 * A failed summarization. The message names the code and what happened; it never contains the API key or any
 * request content. The SDK error is not attached as `cause`, so logging this error cannot leak request details.
 */
export class AnthropicSummarizerError extends Error {
  readonly code: AnthropicSummarizerErrorCode;
  /** the HTTP status, when a response came back */
  readonly status?: number;
  /** the provider's request id, for support tickets */
  readonly requestId?: string;

  constructor(options: { code: AnthropicSummarizerErrorCode; message: string; status?: number; requestId?: string }) {
    super(`anthropic summarizer: ${options.code}: ${options.message}`);
    this.name = "AnthropicSummarizerError";
    this.code = options.code;
    this.status = options.status;
    this.requestId = options.requestId;
  }
}

/** Maps whatever the SDK threw to an {@link AnthropicSummarizerError}; `secrets` are scrubbed from messages. */
export function toSummarizerError(error: unknown, context: { signal?: AbortSignal; timeoutMs: number; secrets: readonly string[] }): AnthropicSummarizerError {
  if (error instanceof AnthropicSummarizerError) return error;
  const scrub = (text: string) => context.secrets.reduce((result, secret) => (secret ? result.replaceAll(secret, "[redacted]") : result), text);
  if (context.signal?.aborted || error instanceof Anthropic.APIUserAbortError) {
    return new AnthropicSummarizerError({ code: "aborted", message: "the summarization was cancelled" });
  }
  if (error instanceof Anthropic.APIConnectionTimeoutError) {
    return new AnthropicSummarizerError({ code: "timeout", message: `no response within ${context.timeoutMs} ms (per attempt, after retries)` });
  }
  if (error instanceof Anthropic.APIConnectionError) {
    return new AnthropicSummarizerError({ code: "connection", message: `could not reach the API: ${scrub(error.message)}` });
  }
  if (error instanceof Anthropic.APIError) {
    const status = error.status;
    const requestId = error.requestID ?? undefined;
    const detail = scrub(apiErrorMessage(error));
    if (status === 401 || status === 403) return new AnthropicSummarizerError({ code: "auth", message: `the API refused the key (${status}): ${detail}`, status, requestId });
    if (status === 429) return new AnthropicSummarizerError({ code: "rate_limited", message: `rate limited after retries: ${detail}`, status, requestId });
    if (status !== undefined && status >= 500) return new AnthropicSummarizerError({ code: "server_error", message: `server error ${status} after retries: ${detail}`, status, requestId });
    if (status !== undefined) return new AnthropicSummarizerError({ code: "bad_request", message: `request rejected (${status}): ${detail}`, status, requestId });
  }
  if (error instanceof SyntaxError) return new AnthropicSummarizerError({ code: "malformed_response", message: `the response body is not valid JSON: ${scrub(error.message)}` });
  // what is left of the SDK's errors: a stream it could not parse ("Unexpected event order", a JSON error
  // wrapped by MessageStream); the summarizer never sends what the SDK refuses client-side (it streams large caps)
  if (error instanceof Anthropic.AnthropicError) return new AnthropicSummarizerError({ code: "malformed_response", message: `the response could not be read: ${scrub(error.message)}` });
  const message = error instanceof Error ? error.message : String(error);
  return new AnthropicSummarizerError({ code: "malformed_response", message: `unexpected failure reading the response: ${scrub(message)}` });
}

/** The provider's own error message when the body has one (`{error: {message}}`), else the SDK's. */
function apiErrorMessage(error: InstanceType<typeof Anthropic.APIError>): string {
  const body = error.error as { error?: { message?: unknown } } | undefined;
  return typeof body?.error?.message === "string" ? body.error.message : error.message;
}
