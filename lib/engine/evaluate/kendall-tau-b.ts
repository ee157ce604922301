/**
 * Kendall's rank correlation τ-b between two scorings of the same items (here: strategies scored by an automatic
 * measure and by a hand-written probe set): (concordant − discordant) / √((n₀ − n₁)(n₀ − n₂)), where n₀ is the
 * number of pairs and n₁, n₂ the pairs tied in the first and the second scoring. τ-b is the variant for ties, which
 * these scorings have (several strategies keep everything at a large window). 1 = the same order, −1 = reversed,
 * 0 = unrelated. Null when it is undefined: fewer than two items, or one scoring ties every pair (it orders
 * nothing, so agreement with it means nothing). Items with a null in either scoring are left out. O(n²), for the
 * tens of strategies it ranks.
 */
export function kendallTauB(first: readonly (number | null)[], second: readonly (number | null)[]): number | null {
  if (first.length !== second.length) throw new Error(`kendallTauB: ${first.length} scores against ${second.length}`);
  const pairs: [number, number][] = [];
  first.forEach((value, index) => {
    const other = second[index];
    if (value !== null && other !== null && Number.isFinite(value) && Number.isFinite(other)) pairs.push([value, other]);
  });
  let concordant = 0;
  let discordant = 0;
  let tiedFirst = 0;
  let tiedSecond = 0;
  let total = 0;
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      total++;
      const a = Math.sign(pairs[i][0] - pairs[j][0]);
      const b = Math.sign(pairs[i][1] - pairs[j][1]);
      if (a === 0) tiedFirst++;
      if (b === 0) tiedSecond++;
      if (a !== 0 && b !== 0) {
        if (a === b) concordant++;
        else discordant++;
      }
    }
  }
  const denominator = Math.sqrt((total - tiedFirst) * (total - tiedSecond));
  return denominator === 0 ? null : (concordant - discordant) / denominator;
}
