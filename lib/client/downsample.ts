/**
 * Thins a series to about `maxPoints` for drawing, keeping its shape: the points at `keep` (event steps)
 * always survive, and each bucket of the rest keeps its highest and lowest point, so a sawtooth keeps its
 * peaks and its drops. Input order is kept; a series already short enough comes back as is (same array).
 */
export function downsample<T>(options: {
  points: readonly T[];
  maxPoints: number;
  value: (point: T) => number;
  /** indexes into `points` that must be drawn (events, the first and last point are always kept) */
  keep?: ReadonlySet<number>;
}): readonly T[] {
  const { points, maxPoints, value } = options;
  if (points.length <= maxPoints || maxPoints < 4) return points;
  const kept = new Set<number>([0, points.length - 1, ...(options.keep ?? [])]);
  const room = Math.max(2, maxPoints - kept.size);
  // two survivors (min, max) per bucket
  const bucketSize = Math.ceil(points.length / Math.max(1, Math.floor(room / 2)));
  for (let start = 0; start < points.length; start += bucketSize) {
    const end = Math.min(points.length, start + bucketSize);
    let high = start;
    let low = start;
    for (let index = start + 1; index < end; index++) {
      const current = value(points[index]);
      if (current > value(points[high])) high = index;
      if (current < value(points[low])) low = index;
    }
    kept.add(high);
    kept.add(low);
  }
  return [...kept].filter((index) => index >= 0 && index < points.length).sort((a, b) => a - b).map((index) => points[index]);
}
