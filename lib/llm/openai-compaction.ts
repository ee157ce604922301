import OpenAI from "openai";
import { z } from "zod";
import type { Message } from "../engine/model";
import { exportOpenAI } from "../transcripts/export-openai";
import { DEFAULT_SUMMARY_MAX_RETRIES, DEFAULT_SUMMARY_TIMEOUT_MS } from "./anthropic-summarizer";
import type { ProviderCompaction } from "./anthropic-compaction";
import type { OpenAIEndpoint } from "./openai-endpoint";
import { OpenAISummarizerError, toOpenAISummarizerError } from "./openai-summarizer-error";

export interface OpenAICompactionOptions {
  model: string;
  endpoint: OpenAIEndpoint;
  /** the request's `instructions` (a system or developer message for the compaction) */
  instructions?: string;
  timeoutMs?: number;
  maxRetries?: number;
}

const CompactedResponseSchema = z.object({
  object: z.literal("response.compaction"),
  output: z.array(z.looseObject({ type: z.string().optional(), encrypted_content: z.string().optional() })),
  usage: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }),
});

/** A Responses API input item: an easy message, a function call, or its output. */
type ResponsesInputItem =
  | { role: "user" | "assistant" | "system"; content: string }
  | { type: "function_call"; call_id: string; name: string; arguments: string }
  | { type: "function_call_output"; call_id: string; output: string };

/**
 * OpenAI's compaction through the Responses API's `POST /responses/compact` (`client.responses.compact`): the
 * messages as Responses input items (text messages, `function_call` and `function_call_output`, converted from the
 * chat messages `exportOpenAI` builds), the model and optional `instructions`. The answer is a `response.compaction`
 * whose output is the user messages followed by one `compaction` item with `encrypted_content`: opaque to the lab,
 * so the result has no summary — only the item's size (the pass's output tokens) and the usage.
 *
 * Rejects with an {@link OpenAISummarizerError}: the transport codes, `malformed_response` for another shape,
 * `empty_summary` when the output holds no compaction item.
 */
export function createOpenAICompaction(options: OpenAICompactionOptions): (request: { messages: readonly Message[]; signal?: AbortSignal }) => Promise<ProviderCompaction> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SUMMARY_TIMEOUT_MS;
  const { endpoint } = options;
  const client = new OpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseURL, timeout: timeoutMs, maxRetries: options.maxRetries ?? DEFAULT_SUMMARY_MAX_RETRIES });
  return async (request) => {
    const fail = (error: unknown) => toOpenAISummarizerError(error, { signal: request.signal, timeoutMs, secrets: [endpoint.apiKey] });
    if (request.signal?.aborted) throw fail(request.signal.reason);
    const input = responsesInputOf(request.messages);
    const params = { model: options.model, input, ...(options.instructions?.trim() ? { instructions: options.instructions.trim() } : {}) };
    let response: unknown;
    try {
      response = await client.responses.compact(params as Parameters<typeof client.responses.compact>[0], { signal: request.signal });
    } catch (error) {
      throw fail(error);
    }
    const parsed = CompactedResponseSchema.safeParse(response);
    if (!parsed.success) throw new OpenAISummarizerError({ code: "malformed_response", message: `the response is not a response.compaction (${parsed.error.issues[0]?.path.join(".") || "body"})` });
    const item = parsed.data.output.find((entry) => entry.type === "compaction");
    if (!item?.encrypted_content) throw new OpenAISummarizerError({ code: "empty_summary", message: "the compacted output holds no compaction item" });
    const usage = { input: parsed.data.usage.input_tokens, output: parsed.data.usage.output_tokens };
    return { summary: null, itemTokens: usage.output, usage };
  };
}

/** The chat messages of `exportOpenAI` as Responses input items (text content; images and files as their text placeholders). */
export function responsesInputOf(messages: readonly Message[]): ResponsesInputItem[] {
  const chat = exportOpenAI({ title: "", format: "openai", meta: {}, messages: [...messages] });
  return chat.flatMap((message): ResponsesInputItem[] => {
    if (message.role === "tool") return [{ type: "function_call_output", call_id: message.tool_call_id, output: message.content }];
    const text = typeof message.content === "string" ? message.content : (message.content ?? []).map((part) => (part.type === "text" ? part.text : `[image ${part.image_url.url}]`)).join("\n");
    const calls = message.role === "assistant" ? (message.tool_calls ?? []).map((call) => ({ type: "function_call" as const, call_id: call.id, name: call.function.name, arguments: call.function.arguments })) : [];
    return [...(text ? [{ role: message.role, content: text }] : []), ...calls];
  });
}
