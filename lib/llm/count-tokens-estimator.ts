import { createHash } from "node:crypto";
import Anthropic from "@anthropic-ai/sdk";
import type { Message, Part, Session } from "../engine/model";
import { partImages } from "../engine/tokens/chars4";
import { createChars4Estimator } from "../engine/tokens/chars4-estimator";
import type { Estimator } from "../engine/tokens/estimator";
import { DEFAULT_SUMMARY_MAX_RETRIES, DEFAULT_SUMMARY_TIMEOUT_MS } from "./anthropic-summarizer";
import { toSummarizerError } from "./anthropic-summarizer-error";
import { renderTranscript } from "./render-transcript";
import { readEnv } from "../env/read-env";

const DEFAULT_COUNT_CONCURRENCY = 4;

export interface TokenCounterOptions {
  /** the model whose tokenizer counts */
  model: string;
  /** default ANTHROPIC_API_KEY; without a key there is no counter (see {@link createTokenCounter}) */
  apiKey?: string;
  baseURL?: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** count requests in flight at once (default 4) */
  concurrency?: number;
}

/**
 * Exact token counts from the count_tokens endpoint, cached by a hash of the content counted (the same message
 * or part is never counted twice by one counter, whatever its id). Counts are input tokens of the text sent
 * alone, minus the request's own framing (measured once with a one-character message), so counts add up.
 */
export interface TokenCounter {
  /** each message's tokens (its parts rendered as the summarizer renders them), in order */
  countMessages(messages: readonly Message[], options?: { signal?: AbortSignal }): Promise<number[]>;
  /** each text's tokens, in order; the unit both message and part counts go through */
  countTexts(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<number[]>;
  /** content hash → tokens, for everything counted so far */
  readonly cache: ReadonlyMap<string, number>;
  /** count_tokens requests made so far (the framing probe included) */
  readonly requests: number;
}

/** The hash a count is cached under: sha256 of exactly the text that was counted. */
export function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * A count_tokens counter, or null when there is no key (the lab then keeps its offline estimators).
 * Failures reject with an `AnthropicSummarizerError` (same codes as the summarizer).
 */
export function createTokenCounter(options: TokenCounterOptions): TokenCounter | null {
  const apiKey = options.apiKey ?? readEnv().ANTHROPIC_API_KEY;
  if (!apiKey) return null;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SUMMARY_TIMEOUT_MS;
  const client = new Anthropic({ apiKey, baseURL: options.baseURL ?? readEnv().ANTHROPIC_BASE_URL, timeout: timeoutMs, maxRetries: options.maxRetries ?? DEFAULT_SUMMARY_MAX_RETRIES });
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_COUNT_CONCURRENCY);
  const cache = new Map<string, number>();
  let requests = 0;
  let framing: Promise<number> | null = null;

  const countRaw = async (text: string, signal?: AbortSignal) => {
    requests++;
    try {
      const result = await client.messages.countTokens({ model: options.model, messages: [{ role: "user", content: text }] }, { signal });
      if (typeof result.input_tokens !== "number") throw new TypeError("count_tokens returned no input_tokens");
      return result.input_tokens;
    } catch (error) {
      throw toSummarizerError(error, { signal, timeoutMs, secrets: [apiKey] });
    }
  };

  const countTexts = async (texts: readonly string[], countOptions: { signal?: AbortSignal } = {}) => {
    framing ??= countRaw("x", countOptions.signal).then((tokens) => Math.max(0, tokens - 1));
    const overhead = await framing.catch((error: unknown) => {
      framing = null;
      throw error;
    });
    const missing = [...new Set(texts.filter((text) => !cache.has(contentHash(text))))];
    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        const text = missing[next++];
        const tokens = text.length === 0 ? 0 : await countRaw(text, countOptions.signal);
        cache.set(contentHash(text), Math.max(0, tokens - overhead));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
    return texts.map((text) => cache.get(contentHash(text))!);
  };

  return {
    countTexts,
    countMessages: (messages, countOptions) => countTexts(messages.map(messageCountText), countOptions),
    cache,
    get requests() {
      return requests;
    },
  };
}

/**
 * Counts every part of a session once (parts with images and compaction markers are left to the fallback:
 * the canonical model keeps no image payload to count). Run it before a replay; then
 * {@link createCountTokensEstimator} answers from the cache synchronously.
 */
export async function precountSession(counter: TokenCounter, session: Session, options: { signal?: AbortSignal } = {}): Promise<{ parts: number; counted: number }> {
  const texts = session.messages.flatMap((message) => message.parts.filter(isCountable).map(partCountText));
  const before = counter.requests;
  await counter.countTexts(texts, options);
  return { parts: texts.length, counted: counter.requests - before };
}

export const COUNT_TOKENS_ESTIMATOR_ID = "count-tokens";

export type CountTokensEstimator = Estimator & { readonly id: typeof COUNT_TOKENS_ESTIMATOR_ID };

/**
 * A synchronous estimator over a counter's cache: a part counted beforehand ({@link precountSession}) costs its
 * exact count; anything else — a part rewritten by a mark (a placeholder, a trimmed output), a synthetic
 * summary, an image — costs what `fallback` (default chars/4) says. No learning, identity scale.
 */
export function createCountTokensEstimator(options: { cache: ReadonlyMap<string, number>; fallback?: Estimator }): CountTokensEstimator {
  const fallback = options.fallback ?? createChars4Estimator();
  // the replay asks for the session's own parts again after a compaction rebuilds the context: hashing (render +
  // sha256) once per part object keeps those repeats cheap; rendered marks are new objects and miss, as they should
  const tokensByPart = new WeakMap<Part, number>();
  const countOf = (part: Part) => (isCountable(part) ? (options.cache.get(contentHash(partCountText(part))) ?? fallback.partTokens(part)) : fallback.partTokens(part));
  return {
    id: COUNT_TOKENS_ESTIMATOR_ID,
    partTokens: (part) => {
      let tokens = tokensByPart.get(part);
      if (tokens === undefined) {
        tokens = countOf(part);
        tokensByPart.set(part, tokens);
      }
      return tokens;
    },
    scale: (additiveTokens) => additiveTokens,
    observe: () => {},
  };
}

function isCountable(part: Part): boolean {
  return part.type !== "compaction" && part.type !== "opaque" && partImages(part) === 0;
}

/** What a message is counted as: the summarizer's rendering of it, without the transcript's numbering. */
function messageCountText(message: Message): string {
  return renderTranscript([message]).replace(/^\[1\] /, "");
}

function partCountText(part: Part): string {
  return renderTranscript([{ id: "", role: "user", parts: [part] }]).replace(/^\[1\] USER:\n/, "");
}
