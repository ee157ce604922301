import type { ReplayEstimatorId } from "./replay-estimator-ids";

/**
 * The one rule for "does this request send the transcript to a model outside the lab": any summarizer but the
 * offline extractive one (anthropic today, OpenAI-compatible ones as they come), Anthropic's count_tokens estimator
 * (it uploads every part to count it), and the LLM judge. Shared by the server's gate (lib/runs/assert-may-send.ts),
 * the CLI's and the pages that ask before sending.
 */
export function isExternalSummarizer(summarizer: string): boolean {
  return summarizer !== "extractive";
}

/** What in a request would send the session's text out, named for a message ([] when nothing does). */
export function externalSends(request: { summarizer: string; estimator?: ReplayEstimatorId | string; judge?: boolean }): string[] {
  return [
    ...(isExternalSummarizer(request.summarizer) ? [`the ${request.summarizer} summarizer`] : []),
    ...(request.estimator === "count-tokens" ? ["the count-tokens estimator"] : []),
    ...(request.judge ? ["the LLM judge"] : []),
  ];
}
