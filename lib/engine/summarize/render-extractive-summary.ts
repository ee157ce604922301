import type { SummarizeRequest } from "./summarizer";

/** Placeholder until the extractive summarizer lands. */
export function renderExtractiveSummary(request: Omit<SummarizeRequest, "signal">): string {
  return `Summary of ${request.messages.length} messages.`;
}
