import type { ReplayEvent } from "../simulate/replay-events";

export interface SummarizerCall {
  step: number;
  input: number;
  output: number;
}

/**
 * The summarizer calls of a replay, one per compaction that reported usage (the summarizer's own count: billed
 * tokens for a model, an estimate for the extractive summarizer). Their input is a prompt of its own, priced
 * uncached: the lab does not model an agent that sends its compaction request on the conversation's cached prefix.
 */
export function summarizerCalls(events: readonly ReplayEvent[]): SummarizerCall[] {
  const calls: SummarizerCall[] = [];
  for (const event of events) {
    if (event.type === "compaction-end" && event.summarizerUsage) calls.push({ step: event.step, input: event.summarizerUsage.input, output: event.summarizerUsage.output });
  }
  return calls;
}
