import type { Message, Part } from "../model";
import { MESSAGE_OVERHEAD_TOKENS } from "./chars4";

export const ESTIMATOR_IDS = ["chars4", "calibrated", "bpe"] as const;
export type EstimatorId = (typeof ESTIMATOR_IDS)[number];

/**
 * The id an estimator reports (and a replay result records): a built-in {@link EstimatorId}, or the id of an
 * estimator made outside the engine and handed in through a factory, like lib/llm's `"count-tokens"` (exact counts
 * fetched before the replay). Open-ended so that the engine need not know those adapters.
 */
export type AnyEstimatorId = EstimatorId | (string & {});

/**
 * A token estimator the replay uses incrementally: it asks for the cost of each part once, keeps a running
 * additive total, and converts that total with {@link Estimator.scale} when it reports a step. The split
 * lets the calibrated estimator learn its ratio as the replay goes without re-estimating the context.
 *
 * Estimators carry state (the calibrated ratio, the BPE cache): create one per replay with `createEstimator`.
 */
export interface Estimator {
  readonly id: AnyEstimatorId;
  /** additive cost of one part as sent (a marked part is rendered before it is counted) */
  partTokens(part: Part): number;
  /** turns the additive running total into the estimate reported for a step (identity except calibrated) */
  scale(additiveTokens: number): number;
  /**
   * Feeds one recorded model call: the additive estimate of what the source sent and the tokens it recorded.
   * Only the calibrated estimator learns from it; the others ignore it.
   */
  observe(additiveTokens: number, recordedTokens: number): void;
  /**
   * Present when a text part's additive tokens are a function of a weight that adds up over concatenation (chars/4:
   * characters): `partTokens({ type: "text", text })` equals `tokens(weight(text))` for every text, and
   * `weight(a + b)` equals `weight(a) + weight(b)`. Absent for counts that are not (BPE, counts fetched from an API).
   */
  readonly textWeights?: AdditiveTextWeights;
}

/** See {@link Estimator.textWeights}. */
export interface AdditiveTextWeights {
  weight(text: string): number;
  tokens(weight: number): number;
}

/** Additive cost of a message: the per-message overhead plus its parts. */
export function messageTokensWith(estimator: Estimator, message: Message): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  for (const part of message.parts) tokens += estimator.partTokens(part);
  return tokens;
}

/** Additive cost of a list of messages (used for summaries and plans, not in the replay's hot path). */
export function messagesTokensWith(estimator: Estimator, messages: readonly Message[]): number {
  let tokens = 0;
  for (const message of messages) tokens += messageTokensWith(estimator, message);
  return tokens;
}
