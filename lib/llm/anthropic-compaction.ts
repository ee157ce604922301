import { readEnv } from "../env/read-env";
import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import type { Message } from "../engine/model";
import { exportAnthropic } from "../transcripts/export-anthropic";
import { DEFAULT_SUMMARY_MAX_RETRIES, DEFAULT_SUMMARY_TIMEOUT_MS } from "./anthropic-summarizer";
import { AnthropicSummarizerError, toSummarizerError } from "./anthropic-summarizer-error";
import { billedCompactionUsage } from "./price-replay-compaction-usage";

/** The beta the `compact_20260112` edit needs (the SDK's `AnthropicBeta` list, @anthropic-ai/sdk as installed). */
export const ANTHROPIC_COMPACTION_BETA = "compact-2026-01-12";
/**
 * On-demand compaction's beta: the request's top-level `compaction: {type: "summarize", instructions?}` makes the
 * response a single `compaction` block (stop_reason `compaction`) instead of a reply (platform.claude.com/docs/en/
 * build-with-claude/compaction-on-demand, as vercel/ai#21263 quotes it, 2026-09-22).
 */
export const ANTHROPIC_ON_DEMAND_COMPACTION_BETA = "compact-2026-09-04";
/** The edit's default trigger, per the SDK's type docs: 150,000 input tokens. */
export const ANTHROPIC_COMPACTION_DEFAULT_TRIGGER = 150_000;
/** What the paused response may spend: the compaction block is written by the server, not sampled by this call's cap. */
const COMPACTION_MAX_TOKENS = 4_096;

export interface AnthropicCompactionOptions {
  model: string;
  apiKey: string;
  baseURL?: string;
  /** `trigger: {type: "input_tokens", value}` */
  triggerTokens?: number;
  /** the edit's `instructions` (additional instructions for the summarization) */
  instructions?: string;
  /** `on-demand`: the request's `compaction` parameter instead of the threshold edit (no trigger: it compacts now) */
  mode?: "threshold" | "on-demand";
  timeoutMs?: number;
  maxRetries?: number;
}

export interface ProviderCompaction {
  /** the readable summary (Anthropic) or null when the provider's item is opaque (OpenAI) */
  summary: string | null;
  /** the compaction item's size as the provider counted it (output tokens of the compaction pass) */
  itemTokens: number;
  usage: { input: number; output: number };
}

const CompactionResponseSchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), content: z.string().nullable().optional() })),
  stop_reason: z.string().nullable().optional(),
  usage: z.looseObject({ input_tokens: z.number(), output_tokens: z.number() }),
});

/**
 * Anthropic's server-side compaction, as the Messages API documents it (beta `compact-2026-01-12`): the messages
 * as the agent would send them (`exportAnthropic`), and `context_management: {edits: [{type: "compact_20260112",
 * trigger: {type: "input_tokens", value}, instructions, pause_after_compaction: true}]}` — paused, so the response
 * is the `compaction` block alone (stop_reason `compaction`) and nothing else is sampled. The block's `content` is
 * the readable summary; its `encrypted_content` and `signature` (what a real agent would send back) are not kept.
 *
 * With `mode: "on-demand"` the request carries `compaction: {type: "summarize", instructions}` under the beta
 * `compact-2026-09-04` instead of the edit: the server compacts now, whatever the size, and the response is the same
 * single `compaction` block.
 *
 * Rejects with an {@link AnthropicSummarizerError}: the transport codes, `empty_summary` when the server did not
 * compact (the input was under the trigger) or the block's content is null (the server's own compaction failed).
 */
export function createAnthropicCompaction(options: AnthropicCompactionOptions): (request: { messages: readonly Message[]; signal?: AbortSignal }) => Promise<ProviderCompaction> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SUMMARY_TIMEOUT_MS;
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL ?? readEnv().ANTHROPIC_BASE_URL, timeout: timeoutMs, maxRetries: options.maxRetries ?? DEFAULT_SUMMARY_MAX_RETRIES });
  return async (request) => {
    const fail = (error: unknown) => toSummarizerError(error, { signal: request.signal, timeoutMs, secrets: [options.apiKey] });
    if (request.signal?.aborted) throw fail(request.signal.reason);
    const exported = exportAnthropic({ title: "", format: "anthropic", meta: {}, messages: [...request.messages] });
    const edit = {
      type: "compact_20260112" as const,
      trigger: { type: "input_tokens" as const, value: options.triggerTokens ?? ANTHROPIC_COMPACTION_DEFAULT_TRIGGER },
      ...(options.instructions?.trim() ? { instructions: options.instructions.trim() } : {}),
      pause_after_compaction: true,
    };
    const instructions = options.instructions?.trim() ? { instructions: options.instructions.trim() } : {};
    const params = {
      model: options.model,
      max_tokens: COMPACTION_MAX_TOKENS,
      ...(exported.system ? { system: exported.system } : {}),
      messages: exported.messages,
      ...(options.mode === "on-demand"
        ? { compaction: { type: "summarize" as const, ...instructions }, betas: [ANTHROPIC_ON_DEMAND_COMPACTION_BETA] }
        : { context_management: { edits: [edit] }, betas: [ANTHROPIC_COMPACTION_BETA] }),
    };
    let response: unknown;
    try {
      response = await client.beta.messages.create(params as Parameters<typeof client.beta.messages.create>[0], { signal: request.signal });
    } catch (error) {
      throw fail(error);
    }
    const parsed = CompactionResponseSchema.safeParse(response);
    if (!parsed.success) throw new AnthropicSummarizerError({ code: "malformed_response", message: `the response is not a message (${parsed.error.issues[0]?.path.join(".") || "body"})` });
    const block = parsed.data.content.find((entry) => entry.type === "compaction");
    if (!block) throw new AnthropicSummarizerError({ code: "empty_summary", message: `the server did not compact (stop_reason ${parsed.data.stop_reason ?? "none"}; the input may be under the trigger)` });
    const summary = block.content?.trim() ?? "";
    if (!summary) throw new AnthropicSummarizerError({ code: "empty_summary", message: "the server's compaction produced no summary (content null)" });
    // billed: every sampling iteration (the compaction pass is one the top-level usage leaves out)
    const usage = billedCompactionUsage(parsed.data.usage);
    return { summary, itemTokens: usage.output, usage };
  };
}
