/** A point of the Pareto view: its cost (x) and quality in percent (y). */
export interface ParetoGroupPoint {
  key: string;
  label: string;
  cost: number;
  retention: number;
  onFrontier: boolean;
}

export interface ParetoGroup<P extends ParetoGroupPoint> {
  /** the group's points, frontier ones first, then by label */
  points: P[];
  cost: number;
  retention: number;
  onFrontier: boolean;
}

/**
 * The Pareto view's points grouped by spot (issue #42, item 10): configurations with the same figures — at a wide
 * window most strategies never trigger and tie with `none` — are one group, the groups ordered best quality first,
 * then cheaper. Spots are the chart's own (cost to 4 significant digits, quality to 0.1 point).
 */
export function paretoGroups<P extends ParetoGroupPoint>(points: readonly P[]): ParetoGroup<P>[] {
  const bySpot = new Map<string, P[]>();
  for (const point of points) {
    const spot = `${point.cost.toPrecision(4)}|${point.retention.toFixed(1)}`;
    bySpot.set(spot, [...(bySpot.get(spot) ?? []), point]);
  }
  return [...bySpot.values()]
    .map((group) => {
      const sorted = [...group].sort((a, b) => Number(b.onFrontier) - Number(a.onFrontier) || a.label.localeCompare(b.label));
      return { points: sorted, cost: sorted[0].cost, retention: sorted[0].retention, onFrontier: sorted.some((point) => point.onFrontier) };
    })
    .sort((a, b) => b.retention - a.retention || a.cost - b.cost);
}

/**
 * The leaders: the group keeping the most (ties: the cheaper) and the cheapest group (ties: the one keeping more) —
 * one group when it is both. Undefined without points.
 */
export function paretoLeaders<P extends ParetoGroupPoint>(groups: readonly ParetoGroup<P>[]): { best: ParetoGroup<P>; cheapest: ParetoGroup<P> } | undefined {
  if (groups.length === 0) return undefined;
  const best = groups[0];
  const cheapest = [...groups].sort((a, b) => a.cost - b.cost || b.retention - a.retention)[0];
  return { best, cheapest };
}
