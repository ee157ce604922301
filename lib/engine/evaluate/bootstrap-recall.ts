import { seededRandom } from "./seeded-random";

/** One checkpoint's counts by fact kind: facts the rest of the session uses, and how many of them the context held. */
export type CheckpointCounts = Readonly<Record<string, { counted: number; present: number }>>;

/** Resamples per interval: enough for stable 2.5% / 97.5% percentiles (±0.5 points on typical exams). */
export const BOOTSTRAP_REPLICATES = 1000;
/** The fixed seed: the same checkpoints always give the same interval (the engine is deterministic). */
export const BOOTSTRAP_SEED = 0x5eed_35;

export interface RecallInterval {
  /** 2.5th percentile of the resampled figure; null when there is nothing to resample */
  low: number | null;
  /** 97.5th percentile */
  high: number | null;
}

/**
 * The figure continuation recall reports for a set of checkpoints: each kind's counts summed over them, then the
 * mean over the kinds that counted of present / counted (so the many identifiers of a code base do not drown the
 * few files and commands). Null when no fact counted.
 */
export function recallOfCheckpoints(points: readonly CheckpointCounts[]): number | null {
  const totals = new Map<string, { counted: number; present: number }>();
  for (const point of points) {
    for (const [kind, entry] of Object.entries(point)) {
      const total = totals.get(kind) ?? { counted: 0, present: 0 };
      total.counted += entry.counted;
      total.present += entry.present;
      totals.set(kind, total);
    }
  }
  const shares = [...totals.values()].flatMap((total) => (total.counted > 0 ? [total.present / total.counted] : []));
  return shares.length === 0 ? null : shares.reduce((sum, share) => sum + share, 0) / shares.length;
}

/**
 * A 95% percentile-bootstrap interval of continuation recall. `sessions` holds each session's checkpoints (one
 * session for a single run or comparison row). Each replicate draws every session's checkpoints again with
 * replacement (checkpoints are the sampling unit: the facts of one checkpoint are not independent of each other)
 * and, for `combine: "mean"` over several sessions, also draws the sessions with replacement, then takes the mean
 * of the sessions' figures; `combine: "worst"` keeps every session and takes the lowest (the recommender's
 * "on every session"). Seeded ({@link BOOTSTRAP_SEED}) and therefore deterministic. Both bounds are null when no
 * checkpoint counted a fact; an interval over one checkpoint is that checkpoint's figure on both sides.
 */
export function bootstrapRecall(options: {
  sessions: readonly (readonly CheckpointCounts[])[];
  combine?: "mean" | "worst";
  replicates?: number;
  seed?: number;
}): RecallInterval {
  const sessions = options.sessions.filter((points) => points.length > 0);
  if (sessions.length === 0) return { low: null, high: null };
  const combine = options.combine ?? "mean";
  const replicates = options.replicates ?? BOOTSTRAP_REPLICATES;
  const random = seededRandom(options.seed ?? BOOTSTRAP_SEED);
  const draw = (length: number) => Math.floor(random() * length);
  const figures: number[] = [];
  const recallOfDraw = new Map(sessions.map((points) => [points, drawnRecall(points)]));
  for (let replicate = 0; replicate < replicates; replicate++) {
    const chosen = combine === "mean" && sessions.length > 1 ? sessions.map(() => sessions[draw(sessions.length)]) : sessions;
    const values: number[] = [];
    for (const points of chosen) {
      const value = recallOfDraw.get(points)!(draw);
      if (value !== null) values.push(value);
    }
    if (values.length === 0) continue;
    figures.push(combine === "worst" ? Math.min(...values) : values.reduce((sum, value) => sum + value, 0) / values.length);
  }
  if (figures.length === 0) return { low: null, high: null };
  figures.sort((a, b) => a - b);
  return { low: percentile(figures, 0.025), high: percentile(figures, 0.975) };
}

/**
 * {@link recallOfCheckpoints} of a resample of `points` (as many draws as points, in order): the same figure to the
 * last bit, without a resample's arrays. When every point lists the same kinds in the same order (the scorer's
 * checkpoints always do), each kind's counts are summed from a flat table in that order, as recallOfCheckpoints
 * sums them; otherwise the resample is built and handed to it. 1,000 resamples of 64 checkpoints took ~50 ms
 * the other way, most of it allocation.
 */
function drawnRecall(points: readonly CheckpointCounts[]): (draw: (length: number) => number) => number | null {
  const kinds = Object.keys(points[0] ?? {});
  const sameKinds = points.every((point) => {
    const keys = Object.keys(point);
    return keys.length === kinds.length && keys.every((kind, index) => kind === kinds[index]);
  });
  if (!sameKinds) return (draw) => recallOfCheckpoints(points.map(() => points[draw(points.length)]));
  const width = kinds.length;
  const counted = new Float64Array(points.length * width);
  const present = new Float64Array(points.length * width);
  points.forEach((point, index) =>
    kinds.forEach((kind, column) => {
      counted[index * width + column] = point[kind].counted;
      present[index * width + column] = point[kind].present;
    }),
  );
  const countedTotals = new Float64Array(width);
  const presentTotals = new Float64Array(width);
  return (draw) => {
    countedTotals.fill(0);
    presentTotals.fill(0);
    for (let index = 0; index < points.length; index++) {
      const row = draw(points.length) * width;
      for (let column = 0; column < width; column++) {
        countedTotals[column] += counted[row + column];
        presentTotals[column] += present[row + column];
      }
    }
    let sum = 0;
    let shares = 0;
    for (let column = 0; column < width; column++) {
      if (countedTotals[column] <= 0) continue;
      sum += presentTotals[column] / countedTotals[column];
      shares++;
    }
    return shares === 0 ? null : sum / shares;
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}
