/**
 * Sixteen line colours that stay apart on white (Tableau 10 plus six darker or lighter companions), one per
 * configuration: the compare view allows sixteen.
 */
const PALETTE = [
  "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
  "#9c755f", "#7f7f7f", "#1f3a93", "#c0392b", "#16a085", "#8e44ad", "#d35400", "#2c3e50",
];

export function seriesColour(index: number): string {
  return PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length];
}
