import { BadRequestError, UpstreamError } from "../api/contracts/errors";
import type { Session } from "../engine/model";
import { ESTIMATOR_IDS, type Estimator, type EstimatorId } from "../engine/tokens/estimator";
import { readEnv } from "../env/read-env";

/** The estimator that needs the network: Anthropic's count_tokens, fetched before the replay. */
export const COUNT_TOKENS_ESTIMATOR = "count-tokens";

export interface ResolveReplayEstimatorOptions {
  /** a built-in estimator id (`chars4`, `calibrated`, `bpe`) or `count-tokens` */
  estimator: string;
  session: Session;
  /** a per-request key (count-tokens only); default ANTHROPIC_API_KEY. Lives in the SDK client's closure only */
  apiKey?: string;
  /** the model whose tokenizer counts (count-tokens only); default the summarizer's default model */
  model?: string;
  signal?: AbortSignal;
  /** called once the session is counted: its countable parts and the count_tokens requests that took */
  onPrecounted?: (figures: { parts: number; counted: number }) => void;
}

/**
 * What a replay (`replaySession`'s `estimator`) should estimate with. A built-in id comes back as it is.
 * `count-tokens` counts every part of the session through the real SDK first (ANTHROPIC_BASE_URL honoured,
 * each distinct content once), then returns a factory of estimators that only read those counts — the engine
 * stays offline and synchronous; parts it never saw (placeholders, summaries, images) cost chars/4. Use the one
 * factory for a run and its `none` baseline: they then share the counts.
 *
 * Throws, before any request: BadRequestError `unknown_estimator` / `missing_api_key` (field `estimator`, see
 * {@link checkReplayEstimator}). A count_tokens failure after the SDK's retries rejects with UpstreamError
 * `count_tokens_failed` naming why (auth, rate_limited, server_error, timeout, connection, …; never the key);
 * when `signal` fires it rejects with whatever the abort threw, so callers can tell a cancel from a failure.
 */
export async function resolveReplayEstimator(options: ResolveReplayEstimatorOptions): Promise<EstimatorId | (() => Estimator)> {
  const apiKey = checkReplayEstimator(options);
  if (apiKey === null) return options.estimator as EstimatorId;
  options.signal?.throwIfAborted();
  // loaded only here: an offline replay never loads the SDK
  const { createCountTokensEstimator, createTokenCounter, precountSession } = await import("../llm/count-tokens-estimator");
  const { DEFAULT_SUMMARY_MODEL } = await import("../llm/anthropic-summarizer");
  const counter = createTokenCounter({ model: options.model ?? DEFAULT_SUMMARY_MODEL, apiKey })!;
  try {
    // awaited on its own line: `onPrecounted?.(await …)` would skip the count when no callback is given
    const figures = await precountSession(counter, options.session, { signal: options.signal });
    options.onPrecounted?.(figures);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // the counter's errors are the summarizer's (same SDK mapping and key scrubbing); only the prefix says "summarizer"
    const detail = error instanceof Error ? error.message.replace(/^anthropic summarizer: /, "") : String(error);
    throw new UpstreamError("count_tokens_failed", `Anthropic count_tokens failed, so the count-tokens estimator has no counts: ${detail}`);
  }
  return () => createCountTokensEstimator({ cache: counter.cache });
}

/**
 * The synchronous half of {@link resolveReplayEstimator}, for callers that must refuse a request before they
 * store anything: null for a built-in estimator, the key to count with for `count-tokens` (the request's, else
 * a non-empty ANTHROPIC_API_KEY). Throws BadRequestError (field `estimator`) for an unknown id or a missing key.
 */
export function checkReplayEstimator(options: { estimator: string; apiKey?: string }): string | null {
  if ((ESTIMATOR_IDS as readonly string[]).includes(options.estimator)) return null;
  if (options.estimator !== COUNT_TOKENS_ESTIMATOR) {
    throw new BadRequestError("unknown_estimator", `Unknown estimator ${JSON.stringify(options.estimator)}: use one of ${[...ESTIMATOR_IDS, COUNT_TOKENS_ESTIMATOR].join(", ")}.`, "estimator");
  }
  const apiKey = options.apiKey || readEnv().ANTHROPIC_API_KEY;
  if (!apiKey) {
    throw new BadRequestError(
      "missing_api_key",
      "The count-tokens estimator calls Anthropic's count_tokens endpoint and needs an API key: set ANTHROPIC_API_KEY on the server or pass apiKey with the request.",
      "estimator",
    );
  }
  return apiKey;
}

/**
 * The offline estimator standing in where nothing may call the network (the instant preview): count-tokens'
 * own fallback, chars/4, for `count-tokens`; a built-in id as it is.
 */
export function offlineEstimatorId(estimator: string): EstimatorId {
  return (ESTIMATOR_IDS as readonly string[]).includes(estimator) ? (estimator as EstimatorId) : "chars4";
}
