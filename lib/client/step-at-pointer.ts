/**
 * The step under the pointer on a chart whose x axis is linear over [from, to] across a plot `width` pixels
 * wide: `offsetX` is the pointer's distance from the plot's left edge. The step is computed from the pointer
 * alone (no hover state needed), rounded to the nearest whole step and clamped into the range, so a click just
 * outside the plot's edge still lands on its first or last step. A zero-width plot or an empty range gives `from`.
 */
export function stepAtPointer(options: { offsetX: number; width: number; from: number; to: number }): number {
  const { offsetX, width, from, to } = options;
  if (!(width > 0) || !(to > from) || !Number.isFinite(offsetX)) return Math.round(from);
  const fraction = Math.min(1, Math.max(0, offsetX / width));
  return Math.min(Math.round(to), Math.max(Math.round(from), Math.round(from + fraction * (to - from))));
}

/**
 * Index of the value nearest `target` in an ascending array (the earlier one on a tie); -1 for an empty array.
 * Binary search: a 50,000-call run is searched in ~16 steps.
 */
export function nearestIndex(sorted: readonly number[], target: number): number {
  if (sorted.length === 0) return -1;
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] < target) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && target - sorted[low - 1] <= sorted[low] - target) return low - 1;
  return low;
}
