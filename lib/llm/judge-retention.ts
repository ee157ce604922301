import Anthropic from "@anthropic-ai/sdk";
import { z } from "zod";
import { contextText } from "../engine/evaluate/context-text";
import { PROBE_KINDS, PROBE_WEIGHTS, type Probe } from "../engine/evaluate/probe";
import type { ContextSnapshot } from "../engine/simulate/context-at";
import { DEFAULT_SUMMARY_MAX_RETRIES, DEFAULT_SUMMARY_MODEL, DEFAULT_SUMMARY_TIMEOUT_MS } from "./anthropic-summarizer";
import { toSummarizerError } from "./anthropic-summarizer-error";
import { JudgeRetentionError } from "./judge-retention-error";
import { buildJudgePrompt, parseJudgeAnswer } from "./judge-retention-prompt";
import { selectJudgeProbes } from "./judge-retention-select";
import { readEnv } from "../env/read-env";
import { createOpenAIChat } from "./openai-chat";
import { resolveOpenAIEndpoint } from "./openai-endpoint";
import { OpenAISummarizerError } from "./openai-summarizer-error";

/** Probes asked per judgement by default: one request, and a stratified sample big enough for every kind. */
export const DEFAULT_JUDGE_MAX_PROBES = 60;
/** Questions per request; more probes than this go in several requests, one after another. */
export const JUDGE_BATCH_SIZE = 60;
/** Output tokens per answer ("yes", quotes, comma, space) with room to spare, and a floor for the brackets. */
const TOKENS_PER_ANSWER = 6;
const MIN_MAX_TOKENS = 64;

export interface JudgeRetentionOptions {
  /** the compacted context, as `contextAt` / `finalContext` rebuild it */
  context: ContextSnapshot;
  /** every probe of the session; only those that had appeared by the context's step are asked */
  probes: readonly Probe[];
  /** who judges: Anthropic's Messages API (default) or an OpenAI-compatible endpoint (Chat Completions) */
  provider?: "anthropic" | "openai";
  /** a per-request key (never stored or logged); default ANTHROPIC_API_KEY, or for `openai` the endpoint's (lib/llm/openai-endpoint.ts) */
  apiKey?: string;
  /** default {@link DEFAULT_SUMMARY_MODEL} */
  model?: string;
  signal?: AbortSignal;
  /** cap on probes asked (stratified, deterministic); default {@link DEFAULT_JUDGE_MAX_PROBES} */
  maxProbes?: number;
  /** default ANTHROPIC_BASE_URL, else the SDK's default; for `openai` one of the server's configured endpoints */
  baseURL?: string;
  /** `openai` only: accept any base URL (the CLI), not only the configured ones */
  trustedBaseUrl?: boolean;
  /** per attempt; default the summarizer's */
  timeoutMs?: number;
  /** the SDK's retries; default the summarizer's */
  maxRetries?: number;
}

export interface JudgedKindScore {
  /** probes of the kind asked */
  counted: number;
  /** of those, answered "yes" */
  retained: number;
  score: number | null;
}

export interface JudgeRetentionResult {
  /** weighted like scoreRetention; null when no probe was asked */
  overall: number | null;
  /** every probe kind, asked or not */
  byKind: Record<string, JudgedKindScore>;
  asked: number;
  model: string;
}

const JudgeResponseSchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  stop_reason: z.string().nullable().optional(),
});

/**
 * LLM-judged retention (issue #6): a model is given only the compacted context's text (`contextText`, the same
 * normalised text the deterministic score searches, so the two figures differ by the judging alone) and asked,
 * for each probe, whether the context still holds it — numbered questions in one request per
 * {@link JUDGE_BATCH_SIZE}, answered as a strict JSON list of "yes"/"no" (see `judge-retention-prompt.ts`).
 *
 * Which probes: those counted at the context's point (`firstStep <= step`; all of them for the final context),
 * capped at `maxProbes` by {@link selectJudgeProbes}. Score: per kind, retained / asked. Overall is weighted by
 * `PROBE_WEIGHTS` like `scoreRetention`, with each asked kind standing for all its counted probes
 * (Σ weight·counted·score / Σ weight·counted over the kinds asked): without a cap that is exactly
 * Σ weight of "yes" / Σ weight asked; with one, the stratified sample does not over-weight the small kinds.
 *
 * The client is built like the summarizer's (key, ANTHROPIC_BASE_URL, time limit, SDK retries, temperature 0,
 * no tools). Rejects with a {@link JudgeRetentionError}: `auth` when there is no key (before any request), the
 * summarizer's codes for transport failures, `truncated` when the answer hit max_tokens, `malformed_answer` when
 * it is not the list asked for. The key never appears in an error. A context too long for the judge model is the
 * API's `bad_request`.
 */
export async function judgeRetention(options: JudgeRetentionOptions): Promise<JudgeRetentionResult> {
  const ask = createJudgeAsk(options);
  const model = options.model ?? (options.provider === "openai" ? undefined : DEFAULT_SUMMARY_MODEL);
  if (!model) throw new JudgeRetentionError({ code: "bad_request", message: "an openai judge needs a model (the endpoint's model id)" });
  const upToStep = options.context.step === "final" ? Infinity : options.context.step;
  const counted = options.probes.filter((probe) => probe.firstStep <= upToStep);
  const asked = selectJudgeProbes(counted, options.maxProbes ?? DEFAULT_JUDGE_MAX_PROBES);

  const answers: boolean[] = [];
  if (asked.length > 0) {
    const text = contextText(options.context);
    for (let start = 0; start < asked.length; start += JUDGE_BATCH_SIZE) {
      const batch = asked.slice(start, start + JUDGE_BATCH_SIZE);
      answers.push(...(await askBatch({ ask, model, contextText: text, probes: batch, signal: options.signal })));
    }
  }
  return { ...scoreAnswers({ counted, asked, answers }), asked: asked.length, model };
}

/** One judge question round trip: the answer text, or a JudgeRetentionError (transport, shape, truncation). */
export type JudgeAsk = (call: { model: string; system: string; user: string; maxTokens: number; signal?: AbortSignal }) => Promise<string>;

/** The client options a judgement's calls share (judged probes build their three roles' calls on the same client). */
export type JudgeClientOptions = Pick<JudgeRetentionOptions, "provider" | "apiKey" | "baseURL" | "trustedBaseUrl" | "timeoutMs" | "maxRetries">;

/**
 * The provider's client, built once per judgement; throws `auth` before any request when there is no key. Also
 * the client of judged probes (`judged-probes.ts`): same key handling, time limit, retries and error mapping.
 */
export function createJudgeAsk(options: JudgeClientOptions): JudgeAsk {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SUMMARY_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? DEFAULT_SUMMARY_MAX_RETRIES;
  if (options.provider === "openai") {
    let chat: ReturnType<typeof createOpenAIChat>;
    try {
      chat = createOpenAIChat({ endpoint: resolveOpenAIEndpoint({ baseUrl: options.baseURL, apiKey: options.apiKey, trusted: options.trustedBaseUrl }), timeoutMs, maxRetries });
    } catch (error) {
      throw new JudgeRetentionError({ code: "auth", message: error instanceof Error ? error.message : String(error) });
    }
    return async (call) => {
      let answer;
      try {
        answer = await chat(call);
      } catch (error) {
        if (error instanceof OpenAISummarizerError) throw JudgeRetentionError.fromSummarizerError(error);
        throw error;
      }
      if (answer.finishReason === "length") throw new JudgeRetentionError({ code: "truncated", message: `the answer reached the output cap (${call.maxTokens}) before listing every answer` });
      return answer.text;
    };
  }
  const apiKey = options.apiKey ?? readEnv().ANTHROPIC_API_KEY;
  if (!apiKey) throw new JudgeRetentionError({ code: "auth", message: "no API key: set ANTHROPIC_API_KEY on the server or pass a key for this comparison" });
  const client = new Anthropic({ apiKey, baseURL: options.baseURL ?? readEnv().ANTHROPIC_BASE_URL, timeout: timeoutMs, maxRetries });
  return async (call) => {
    const fail = (error: unknown) => JudgeRetentionError.fromSummarizerError(toSummarizerError(error, { signal: call.signal, timeoutMs, secrets: [apiKey] }));
    if (call.signal?.aborted) throw fail(call.signal.reason);
    // a variable, as in the summarizer: SDK 1.12's param types no longer list `temperature`, the API still takes it
    const params = { model: call.model, max_tokens: call.maxTokens, temperature: 0, system: call.system, messages: [{ role: "user" as const, content: call.user }] };
    let response: unknown;
    try {
      response = await client.messages.create(params, { signal: call.signal });
    } catch (error) {
      throw fail(error);
    }
    const parsed = JudgeResponseSchema.safeParse(response);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new JudgeRetentionError({ code: "malformed_response", message: `the response is not a message (${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "unknown shape"})` });
    }
    if (parsed.data.stop_reason === "max_tokens") throw new JudgeRetentionError({ code: "truncated", message: `the answer reached max_tokens (${call.maxTokens}) before listing every answer` });
    return parsed.data.content
      .filter((block) => block.type === "text")
      .map((block) => block.text ?? "")
      .join("");
  };
}

async function askBatch(options: { ask: JudgeAsk; model: string; contextText: string; probes: readonly Probe[]; signal?: AbortSignal }): Promise<boolean[]> {
  const prompt = buildJudgePrompt({ contextText: options.contextText, probes: options.probes });
  const maxTokens = Math.max(MIN_MAX_TOKENS, options.probes.length * TOKENS_PER_ANSWER);
  const text = await options.ask({ model: options.model, system: prompt.system, user: prompt.user, maxTokens, signal: options.signal });
  return parseJudgeAnswer(text, options.probes.length);
}

function scoreAnswers(options: { counted: readonly Probe[]; asked: readonly Probe[]; answers: readonly boolean[] }): Pick<JudgeRetentionResult, "overall" | "byKind"> {
  const byKind: Record<string, JudgedKindScore> = Object.fromEntries(PROBE_KINDS.map((kind) => [kind, { counted: 0, retained: 0, score: null }]));
  options.asked.forEach((probe, index) => {
    byKind[probe.kind] ??= { counted: 0, retained: 0, score: null };
    byKind[probe.kind].counted++;
    if (options.answers[index]) byKind[probe.kind].retained++;
  });
  const population = new Map<string, number>();
  for (const probe of options.counted) population.set(probe.kind, (population.get(probe.kind) ?? 0) + 1);
  let weightCounted = 0;
  let weightRetained = 0;
  for (const [kind, entry] of Object.entries(byKind)) {
    if (entry.counted === 0) continue;
    entry.score = entry.retained / entry.counted;
    // integers first, one division last: with every probe asked this is exactly Σ weight of "yes"
    const weight = (Object.hasOwn(PROBE_WEIGHTS, kind) ? (PROBE_WEIGHTS as Record<string, number>)[kind] : 1) * (population.get(kind) ?? 0);
    weightCounted += weight;
    weightRetained += (weight * entry.retained) / entry.counted;
  }
  return { overall: weightCounted ? weightRetained / weightCounted : null, byKind };
}
