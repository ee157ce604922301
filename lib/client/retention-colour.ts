/**
 * A background and text colour for a retention score 0–1: red (lost) through amber to green (kept), on a
 * perceptually even HSL ramp so 0.5 reads as halfway. Null (no probe of the kind counted) is neutral grey, never
 * red — "nothing to keep" is not "all lost". Scores outside 0–1 are clamped.
 */
export function retentionColour(score: number | null): { background: string; text: string } {
  if (score === null || !Number.isFinite(score)) return { background: "#f1f5f9", text: "#475569" };
  const clamped = Math.min(1, Math.max(0, score));
  const hue = Math.round(clamped * 130);
  return { background: `hsl(${hue} 70% 88%)`, text: `hsl(${hue} 80% 22%)` };
}

/**
 * A heatmap cell's colour for a value within [min, max]: for retention high is good (green); for token figures
 * low is good, so the ramp is reversed. A range of one value colours every cell as good.
 */
export function scaleColour(options: { value: number | null; min: number; max: number; higherIsBetter: boolean }): { background: string; text: string } {
  if (options.value === null) return retentionColour(null);
  const span = options.max - options.min;
  const position = span > 0 ? (options.value - options.min) / span : 1;
  return retentionColour(options.higherIsBetter ? position : span > 0 ? 1 - position : 1);
}

/** 0.8734 → "87%"; null → "—". */
export function formatShare(score: number | null): string {
  return score === null || !Number.isFinite(score) ? "—" : `${Math.round(score * 100)}%`;
}
