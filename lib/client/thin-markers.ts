/** A chart marker: something that happened at a step, with a weight that says which one to draw when few fit. */
export interface ThinnableMarker {
  step: number;
  /** higher wins a crowded slot (a compaction over a prune, a big drop over a small one) */
  weight: number;
}

export interface ThinnedMarkers<T> {
  /** the markers to draw, in step order, at most `max` */
  drawn: T[];
  /** markers inside the range that were not drawn (summarised, still reachable from the events list) */
  hidden: number;
  /** markers inside the range */
  inRange: number;
}

/**
 * Picks at most `max` markers inside [from, to] to draw, spread across the range: the range is cut into `max`
 * equal slots and each slot keeps its heaviest marker (the earliest on a tie), so a dense stretch gives up
 * markers before a sparse one loses any. With `max` or fewer in range, every one is drawn. Markers outside the
 * range are neither drawn nor counted. Input order does not matter; the input is not changed.
 */
export function thinMarkers<T extends ThinnableMarker>(options: { markers: readonly T[]; from: number; to: number; max: number }): ThinnedMarkers<T> {
  const { from, to } = options;
  const max = Math.max(0, Math.floor(options.max));
  const inside = options.markers.filter((marker) => marker.step >= from && marker.step <= to).sort((a, b) => a.step - b.step);
  if (inside.length <= max) return { drawn: inside, hidden: 0, inRange: inside.length };
  if (max === 0) return { drawn: [], hidden: inside.length, inRange: inside.length };
  const span = Math.max(1, to - from + 1);
  const bySlot = new Map<number, T>();
  for (const marker of inside) {
    const slot = Math.min(max - 1, Math.floor(((marker.step - from) / span) * max));
    const held = bySlot.get(slot);
    if (!held || marker.weight > held.weight) bySlot.set(slot, marker);
  }
  const drawn = [...bySlot.values()].sort((a, b) => a.step - b.step);
  return { drawn, hidden: inside.length - drawn.length, inRange: inside.length };
}
