/** What `keeperRankOf` asks of a text: whether it contains a needle (a string answers it too). */
export interface TextLookup {
  includes(needle: string): boolean;
}

/** needles shorter than this are looked up by `String.prototype.includes` */
const GRAM = 8;
/** chain steps after which a lookup falls back to `includes` (a text of one repeated gram) */
const MAX_CHAIN = 64;

/**
 * `text.includes(needle)` answered from an index of the text's 8-character grams, built once: each position is
 * chained under its gram's hash, and a needle is checked (`startsWith`, exact) only where its first gram occurs.
 * Asking n needles of a text of t characters costs about t + n × occurrences instead of n × t — keeper's ledger
 * asks every entry of its quoted and shown text (issue #39), and at a 1M window both are five times longer.
 * The answer is `text.includes(needle)`'s in every case (substring-index.test.ts); short needles and long chains
 * are asked of the text directly.
 */
export function substringIndex(text: string): TextLookup {
  const positions = Math.max(0, text.length - GRAM + 1);
  if (positions < 4 * GRAM) return text;
  let bits = 4;
  while (1 << bits < positions) bits++;
  const mask = (1 << bits) - 1;
  const head = new Int32Array(mask + 1).fill(-1);
  const next = new Int32Array(positions);
  // newest position first in each chain: build from the end, so a chain runs in text order
  for (let position = positions - 1; position >= 0; position--) {
    const bucket = gramHash(text, position) & mask;
    next[position] = head[bucket];
    head[bucket] = position;
  }
  return {
    includes(needle: string): boolean {
      if (needle.length < GRAM || needle.length > text.length) return text.includes(needle);
      const bucket = gramHash(needle, 0) & mask;
      let steps = 0;
      for (let position = head[bucket]; position !== -1; position = next[position]) {
        if (++steps > MAX_CHAIN) return text.includes(needle);
        if (text.startsWith(needle, position)) return true;
      }
      return false;
    },
  };
}

function gramHash(text: string, from: number): number {
  let hash = 0x811c9dc5;
  for (let offset = 0; offset < GRAM; offset++) hash = Math.imul(hash ^ text.charCodeAt(from + offset), 0x01000193);
  return (hash ^ (hash >>> 15)) >>> 0;
}
