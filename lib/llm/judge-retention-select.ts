import { PROBE_KINDS, type Probe } from "../engine/evaluate/probe";

/**
 * The probes to ask when there are more than `max`: stratified by kind so a session with 400 identifiers and
 * 3 rules still asks every rule. Each kind gets an equal share (a kind with fewer probes than its share gives
 * the rest back to the others, in `PROBE_KINDS` order), and within a kind the chosen probes are spread evenly
 * over its list (the middle of each of `quota` equal slices) rather than its first ones, so early and late
 * parts of the session are both asked. Deterministic: same probes, same selection; returned in input order.
 * `max` ≤ 0 selects nothing; fewer kinds than `max` is fine (the earlier kinds get the extra question).
 */
export function selectJudgeProbes(probes: readonly Probe[], max: number): Probe[] {
  if (probes.length <= max) return [...probes];
  const indexesByKind = new Map<string, number[]>(PROBE_KINDS.map((kind) => [kind, []]));
  probes.forEach((probe, index) => {
    const list = indexesByKind.get(probe.kind);
    if (list) list.push(index);
    else indexesByKind.set(probe.kind, [index]);
  });
  const groups = [...indexesByKind.values()].filter((indexes) => indexes.length > 0);
  const quotas = groups.map(() => 0);
  let remaining = Math.max(0, Math.floor(max));
  while (remaining > 0) {
    let gave = false;
    for (let group = 0; group < groups.length && remaining > 0; group++) {
      if (quotas[group] >= groups[group].length) continue;
      quotas[group]++;
      remaining--;
      gave = true;
    }
    if (!gave) break;
  }
  const chosen = groups.flatMap((indexes, group) => {
    const quota = quotas[group];
    return Array.from({ length: quota }, (_, slice) => indexes[Math.floor(((2 * slice + 1) * indexes.length) / (2 * quota))]);
  });
  return chosen.sort((a, b) => a - b).map((index) => probes[index]);
}
