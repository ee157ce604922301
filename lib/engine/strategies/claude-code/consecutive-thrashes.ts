import type { ReplayEvent } from "../../simulate/replay-events";

/**
 * How many compactions in a row, newest first, were followed by another need to compact within `turns` calls —
 * counting the one about to happen at `step`. Each compaction is the first one at or after the call it preceded.
 */
export function consecutiveThrashes(events: readonly ReplayEvent[], step: number, turns: number): number {
  // walked back from the newest event, stopping at the first gap: reading every event at every trigger made a
  // long replay quadratic in its compactions
  let next = step;
  let count = 0;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event.type !== "compaction-start") continue;
    if (next - event.step > turns) break;
    count++;
    next = event.step;
  }
  return count;
}
