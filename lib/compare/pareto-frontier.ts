/**
 * The Pareto frontier of configurations: more retention is better, fewer tokens are better. A point is dominated
 * when another has at least its retention at no more than its cost and is strictly better on one of them; the
 * frontier is every point that is not. Equal points dominate neither one another (both stay on the frontier).
 * A point without a retention score (no probe counted) or a cost cannot be placed: it is excluded, with a reason.
 */
export interface ParetoInput<Id> {
  id: Id;
  /** weighted probe retention, 0–1; null when no probe counted */
  retention: number | null;
  /** tokens: sent over the session, or the final context */
  cost: number | null;
}

export interface ParetoResult<Id> {
  /** ids on the frontier */
  frontier: Set<Id>;
  /** the frontier's points by ascending cost (then descending retention): the line to draw */
  line: { id: Id; retention: number; cost: number }[];
  /** for each dominated id, one point that dominates it */
  dominatedBy: Map<Id, Id>;
  excluded: { id: Id; reason: string }[];
}

export function paretoFrontier<Id>(points: readonly ParetoInput<Id>[]): ParetoResult<Id> {
  const excluded: { id: Id; reason: string }[] = [];
  const placed: { id: Id; retention: number; cost: number }[] = [];
  for (const point of points) {
    if (point.retention === null || !Number.isFinite(point.retention)) excluded.push({ id: point.id, reason: "no retention score (no probe counted)" });
    else if (point.cost === null || !Number.isFinite(point.cost)) excluded.push({ id: point.id, reason: "no token figure" });
    else placed.push({ id: point.id, retention: point.retention, cost: point.cost });
  }
  // sweep by ascending cost (ties: best retention first); a point is on the frontier when its retention beats every
  // cheaper point's, or equals the best so far at the same cost and retention (an equal point)
  const sorted = [...placed].sort((a, b) => a.cost - b.cost || b.retention - a.retention);
  const frontier = new Set<Id>();
  const line: ParetoResult<Id>["line"] = [];
  const dominatedBy = new Map<Id, Id>();
  let best: (typeof sorted)[number] | null = null;
  for (const point of sorted) {
    if (best === null || point.retention > best.retention || (point.retention === best.retention && point.cost === best.cost)) {
      frontier.add(point.id);
      line.push(point);
      if (best === null || point.retention > best.retention) best = point;
    } else dominatedBy.set(point.id, best.id);
  }
  return { frontier, line, dominatedBy, excluded };
}
