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
  // each replicate's figure from counts laid out once (the same figure recallOfCheckpoints gives for the drawn points)
  const recallOfDraw = drawnRecall(sessions);
  for (let replicate = 0; replicate < replicates; replicate++) {
    const chosen = combine === "mean" && sessions.length > 1 ? sessions.map(() => sessions[draw(sessions.length)]) : sessions;
    const values: number[] = [];
    for (const points of chosen) {
      const value = recallOfDraw(points, draw);
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
 * `recallOfCheckpoints` of `points.length` checkpoints drawn from `points` with replacement (`draw(length)` once per
 * checkpoint, in order), without building a checkpoint array and a map of totals per replicate: when every
 * checkpoint of every session lists the same kinds in the same order (the scorer always lists every kind), the
 * counts are laid out once as numbers and each replicate sums them in place — the kinds' shares are added in that
 * order, as recallOfCheckpoints adds them, so the figure is the same number. Otherwise it draws and calls
 * recallOfCheckpoints.
 */
function drawnRecall(sessions: readonly (readonly CheckpointCounts[])[]): (points: readonly CheckpointCounts[], draw: (length: number) => number) => number | null {
  const kinds = Object.keys(sessions[0][0]);
  const sameKinds = sessions.every((points) => points.every((point) => sameKeys(Object.keys(point), kinds)));
  if (!sameKinds) return (points, draw) => recallOfCheckpoints(points.map(() => points[draw(points.length)]));
  const layout = new Map<readonly CheckpointCounts[], { counted: Float64Array; present: Float64Array }>();
  for (const points of sessions) {
    const counted = new Float64Array(points.length * kinds.length);
    const present = new Float64Array(points.length * kinds.length);
    points.forEach((point, at) =>
      kinds.forEach((kind, k) => {
        counted[at * kinds.length + k] = point[kind].counted;
        present[at * kinds.length + k] = point[kind].present;
      }),
    );
    layout.set(points, { counted, present });
  }
  const totalCounted = new Float64Array(kinds.length);
  const totalPresent = new Float64Array(kinds.length);
  return (points, draw) => {
    const { counted, present } = layout.get(points)!;
    totalCounted.fill(0);
    totalPresent.fill(0);
    for (let index = 0; index < points.length; index++) {
      const base = draw(points.length) * kinds.length;
      for (let k = 0; k < kinds.length; k++) {
        totalCounted[k] += counted[base + k];
        totalPresent[k] += present[base + k];
      }
    }
    let sum = 0;
    let shares = 0;
    for (let k = 0; k < kinds.length; k++) {
      if (totalCounted[k] > 0) {
        sum += totalPresent[k] / totalCounted[k];
        shares++;
      }
    }
    return shares === 0 ? null : sum / shares;
  };
}

function sameKeys(keys: readonly string[], expected: readonly string[]): boolean {
  return keys.length === expected.length && keys.every((key, index) => key === expected[index]);
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}
