/** A setting to rank: its quality figure and the figure's 95% interval (null bounds: the figure itself). */
export interface RankInput {
  id: number;
  figure: number | null;
  low?: number | null;
  high?: number | null;
}

/** Where a setting stands: its place (1 = best) and whether other settings share it. */
export interface RankGroup {
  place: number;
  tied: boolean;
  /** "1st", "tied 2nd" */
  label: string;
}

/**
 * Ranks settings by a quality figure without claiming more than the intervals allow. Sorted best first, each group
 * opens with the best setting not yet placed and takes every following setting whose interval overlaps the
 * opener's (its `high` reaches the opener's `low`): those are not told apart, so they share the opener's place and
 * are shown as tied. Places count the settings before them ("tied 1st", "tied 1st", "3rd"), as in sport. A setting
 * without a figure has no place (null). Equal figures keep the input order.
 */
export function rankGroups(entries: readonly RankInput[]): Map<number, RankGroup | null> {
  const ranked = new Map<number, RankGroup | null>();
  const placed = entries.filter((entry) => entry.figure !== null).sort((a, b) => b.figure! - a.figure!);
  for (const entry of entries) if (entry.figure === null) ranked.set(entry.id, null);
  let index = 0;
  while (index < placed.length) {
    const opener = placed[index];
    const floor = opener.low ?? opener.figure!;
    let end = index + 1;
    while (end < placed.length && (placed[end].high ?? placed[end].figure!) >= floor) end++;
    const tied = end - index > 1;
    const place = index + 1;
    for (const member of placed.slice(index, end)) ranked.set(member.id, { place, tied, label: `${tied ? "tied " : ""}${ordinal(place)}` });
    index = end;
  }
  return ranked;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st */
export function ordinal(value: number): string {
  const teen = value % 100 >= 11 && value % 100 <= 13;
  const suffix = teen ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[value % 10] ?? "th";
  return `${value}${suffix}`;
}
