import type { ContextPoint } from "@/lib/api/contracts/schemas";

/** The model call that produced message `messageIndex`, or null when no call did (user and tool messages). */
export type StepLookup = (messageIndex: number) => number | null;

/**
 * A lookup from message index to the model call that produced it. Calls produce their messages in order, so the
 * curve's message indexes rise with the step and a binary search finds one: nothing is built up front, where a
 * Map of a 100,000-message session's ~50,000 calls cost the page a blocking pass as its detail arrived. A curve
 * out of order (never seen; the engine appends as it replays) falls back to a Map.
 */
export function createStepLookup(points: readonly ContextPoint[]): StepLookup {
  for (let index = 1; index < points.length; index++) {
    if (points[index].messageIndex <= points[index - 1].messageIndex) {
      const stepByIndex = new Map(points.map((point) => [point.messageIndex, point.step]));
      return (messageIndex) => stepByIndex.get(messageIndex) ?? null;
    }
  }
  return (messageIndex) => {
    let low = 0;
    let high = points.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const found = points[middle].messageIndex;
      if (found === messageIndex) return points[middle].step;
      if (found < messageIndex) low = middle + 1;
      else high = middle - 1;
    }
    return null;
  };
}
