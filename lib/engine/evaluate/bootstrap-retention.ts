import { BOOTSTRAP_REPLICATES, BOOTSTRAP_SEED, percentile, type RecallInterval } from "./bootstrap-recall";
import { PROBE_WEIGHTS, type ProbeKind } from "./probe";
import { seededRandom } from "./seeded-random";

/**
 * A 95% percentile-bootstrap interval of probe retention (`scoreRetention`'s weighted overall: Σ weight of the
 * retained probes ÷ Σ weight of the counted ones). Retention is measured once, on the final context, so the
 * sampling unit is the probe: each replicate draws the counted probes again with replacement, each keeping its
 * kind's weight and whether it was retained. Works from the per-kind counts alone (a stored row has them). Kinds
 * without a weight (user probes from another version) weigh 1. Seeded and deterministic; null bounds when no probe
 * counted.
 */
export function bootstrapRetention(options: { byKind: Readonly<Record<string, { counted: number; retained: number }>>; replicates?: number; seed?: number }): RecallInterval {
  const weights: number[] = [];
  const kept: boolean[] = [];
  for (const [kind, entry] of Object.entries(options.byKind)) {
    const weight = (PROBE_WEIGHTS as Partial<Record<string, number>>)[kind as ProbeKind] ?? 1;
    for (let index = 0; index < entry.counted; index++) {
      weights.push(weight);
      kept.push(index < entry.retained);
    }
  }
  if (weights.length === 0) return { low: null, high: null };
  const random = seededRandom(options.seed ?? BOOTSTRAP_SEED);
  const figures: number[] = [];
  for (let replicate = 0; replicate < (options.replicates ?? BOOTSTRAP_REPLICATES); replicate++) {
    let counted = 0;
    let retained = 0;
    for (let draw = 0; draw < weights.length; draw++) {
      const pick = Math.floor(random() * weights.length);
      counted += weights[pick];
      if (kept[pick]) retained += weights[pick];
    }
    if (counted > 0) figures.push(retained / counted);
  }
  figures.sort((a, b) => a - b);
  return { low: percentile(figures, 0.025), high: percentile(figures, 0.975) };
}
