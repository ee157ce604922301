import type { AnthropicSummarizerError, AnthropicSummarizerErrorCode } from "./anthropic-summarizer-error";
import type { OpenAISummarizerError } from "./openai-summarizer-error";

/**
 * Why an LLM-judged retention failed: the summarizer's transport codes (`auth`, `rate_limited`, `server_error`,
 * `timeout`, `connection`, `bad_request`, `aborted`, `malformed_response` for a body that is not a message,
 * `truncated` for an answer cut at max_tokens, `empty_summary` is never used) plus `malformed_answer`: the model
 * answered, but not with the strict JSON list of "yes"/"no" the prompt asks for (not JSON, not a list, a wrong
 * count, an entry that is neither). A malformed answer is an error, never a silent score of 0.
 */
export type JudgeRetentionErrorCode = Exclude<AnthropicSummarizerErrorCode, "empty_summary"> | "malformed_answer";

/**
 * A failed judgement. Like {@link AnthropicSummarizerError}, the message never holds the API key, the context or
 * the model's answer text (which may echo transcript content), and the SDK error is not attached as `cause`.
 */
export class JudgeRetentionError extends Error {
  readonly code: JudgeRetentionErrorCode;
  readonly status?: number;
  readonly requestId?: string;

  constructor(options: { code: JudgeRetentionErrorCode; message: string; status?: number; requestId?: string }) {
    super(`retention judge: ${options.code}: ${options.message}`);
    this.name = "JudgeRetentionError";
    this.code = options.code;
    this.status = options.status;
    this.requestId = options.requestId;
  }

  /** The same failure, told as the judge's (the summarizer's mapping already scrubbed the key from it). */
  static fromSummarizerError(error: AnthropicSummarizerError | OpenAISummarizerError): JudgeRetentionError {
    const message = error.message.replace(/^(?:anthropic|openai) summarizer: [a-z_]+: /, "");
    const code = error.code === "empty_summary" ? "malformed_answer" : error.code;
    return new JudgeRetentionError({ code, message, status: error.status, requestId: error.requestId });
  }
}
