import type { Summarizer } from "../engine/summarize/summarizer";

/** Consecutive summarizer failures (each after the SDK's own retries) after which a run stops calling it. */
export const CIRCUIT_BREAKER_THRESHOLD = 3;

/** What a run's breaker saw; read once the replay ended. */
export interface CircuitBreakerState {
  /** summarizer calls that failed (the summarizer was called and rejected; a cancelled call is not one) */
  failures: number;
  /** calls answered with a summary */
  successes: number;
  /** compactions that asked for a summary after the breaker opened: the summarizer was not called */
  skipped: number;
  /** true once {@link CIRCUIT_BREAKER_THRESHOLD} calls in a row failed; it never closes again within the run */
  open: boolean;
  /** the last failure: its message (the summarizer's, e.g. "anthropic summarizer: server_error: server error 500 …") and HTTP status when one came back */
  lastError: { message: string; status: number | null } | null;
}

/** Thrown instead of calling the summarizer once the breaker is open: the compaction falls back. */
export class SummarizerCircuitOpenError extends Error {
  constructor(failures: number, last: string) {
    super(`not called: the summarizer failed ${failures} times in a row (last: ${last})`);
    this.name = "SummarizerCircuitOpenError";
  }
}

/**
 * A circuit breaker for ONE run (or one configuration of a comparison): create it per run, never share it.
 * After `threshold` consecutive failures the wrapped summarizer is no longer called; every later request rejects
 * at once with a {@link SummarizerCircuitOpenError}, which the replay turns into the strategy's fallback — so a
 * run against a dead API makes at most `threshold` × (1 + SDK retries) upstream calls, and ends quickly instead of
 * retrying every compaction (768 calls over 5.7 minutes before). A success resets the count of consecutive
 * failures. A call cancelled by the run's signal is neither a failure nor a success.
 */
export function circuitBreakerSummarizer(options: { summarizer: Summarizer; threshold?: number }): { summarizer: Summarizer; state: () => CircuitBreakerState } {
  const threshold = options.threshold ?? CIRCUIT_BREAKER_THRESHOLD;
  const state: CircuitBreakerState = { failures: 0, successes: 0, skipped: 0, open: false, lastError: null };
  let consecutive = 0;
  const summarizer: Summarizer = async (request) => {
    if (state.open) {
      state.skipped++;
      throw new SummarizerCircuitOpenError(consecutive, state.lastError?.message ?? "unknown");
    }
    try {
      const result = await options.summarizer(request);
      state.successes++;
      consecutive = 0;
      return result;
    } catch (error) {
      if (request.signal?.aborted) throw error;
      state.failures++;
      consecutive++;
      state.lastError = { message: error instanceof Error ? error.message : String(error), status: statusOf(error) };
      if (consecutive >= threshold) state.open = true;
      throw error;
    }
  };
  return { summarizer, state: () => ({ ...state, lastError: state.lastError && { ...state.lastError } }) };
}

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : null;
}

/**
 * How a replay ends given its breaker: `done` when the summarizer never failed; `degraded` when it failed and
 * every compaction that failed still applied the strategy's fallback; `failed` when one of them had no fallback to
 * apply (the context was left as it was). `error` names the failures, the upstream status and message, and how
 * many compactions were not attempted.
 */
export function breakerOutcome(state: CircuitBreakerState, options: { unchangedFallbacks: number }): { status: "done" | "degraded" | "failed"; error: string | null } {
  if (state.failures === 0) return { status: "done", error: null };
  const last = state.lastError ? `${state.lastError.status === null ? "" : `HTTP ${state.lastError.status}: `}${state.lastError.message}` : "unknown";
  const stopped = state.open
    ? ` The breaker opened after ${CIRCUIT_BREAKER_THRESHOLD} consecutive failures: ${state.skipped} later compaction${state.skipped === 1 ? "" : "s"} did not call it.`
    : "";
  const fallback = options.unchangedFallbacks > 0 ? " The strategy has no fallback: those compactions left the context unchanged." : " Those compactions used the strategy's fallback.";
  return {
    status: options.unchangedFallbacks > 0 ? "failed" : "degraded",
    error: `The summarizer failed ${state.failures} time${state.failures === 1 ? "" : "s"} (last: ${last}).${stopped}${fallback}`,
  };
}
