/** What `keeperRankOf` asks of a text: whether it contains a needle (a string answers it too). */
export interface TextLookup {
  includes(needle: string): boolean;
}

/** needles shorter than this are looked up by `String.prototype.includes` */
const GRAM = 8;
/** a needle whose rarest gram occurs more often than this is asked of the text with `includes` (repeated text) */
const MAX_CHAIN = 64;

/**
 * `text.includes(needle)` answered from an index of the text's 8-character grams, built once: each position is
 * chained under its gram's hash (with a count per hash), and a needle is checked (`startsWith`, exact) only where its
 * rarest gram occurs — none when one of its grams is nowhere in the text.
 * Asking n needles of a text of t characters costs about t + n × occurrences instead of n × t — keeper's ledger
 * asks every entry of its quoted and shown text (issue #39), and at a 1M window both are five times longer.
 * The answer is `text.includes(needle)`'s in every case (substring-index.test.ts); short needles and needles
 * made only of common grams are asked of the text directly.
 */
export function substringIndex(text: string): TextLookup & { within(length: number): TextLookup } {
  const positions = Math.max(0, text.length - GRAM + 1);
  if (positions < 4 * GRAM) return { includes: (needle) => text.includes(needle), within: (length) => text.slice(0, length) };
  let bits = 4;
  while (1 << bits < positions) bits++;
  const mask = (1 << bits) - 1;
  const head = new Int32Array(mask + 1).fill(-1);
  const counts = new Int32Array(mask + 1);
  const next = new Int32Array(positions);
  // newest position first in each chain: build from the end, so a chain runs in text order
  for (let position = positions - 1; position >= 0; position--) {
    const bucket = gramHash(text, position) & mask;
    next[position] = head[bucket];
    head[bucket] = position;
    counts[bucket]++;
  }
  /** whether the text's first `length` characters hold the needle (the whole text: `length` is its length) */
  const includesWithin = (needle: string, length: number, prefix: () => string): boolean => {
    if (needle.length < GRAM || needle.length > length) return prefix().includes(needle);
    // anchor on the needle's rarest gram: every occurrence of the needle holds each of its grams at its offset
    let anchor = 0;
    let bucket = gramHash(needle, 0) & mask;
    for (let offset = 1; offset + GRAM <= needle.length && counts[bucket] > 0; offset++) {
      const other = gramHash(needle, offset) & mask;
      if (counts[other] < counts[bucket]) {
        anchor = offset;
        bucket = other;
      }
    }
    if (counts[bucket] > MAX_CHAIN) return prefix().includes(needle);
    // chains run in text order: past the last start that ends within `length`, nothing more can
    const last = length - needle.length + anchor;
    for (let position = head[bucket]; position !== -1 && position <= last; position = next[position]) {
      if (position >= anchor && text.startsWith(needle, position - anchor)) return true;
    }
    return false;
  };
  const whole = () => text;
  return {
    includes: (needle) => includesWithin(needle, text.length, whole),
    // a prefix of the text asked from the same index (keeper's shown texts are prefixes of one another)
    within(length) {
      let prefix: string | undefined;
      const prefixText = () => (prefix ??= text.slice(0, length));
      return { includes: (needle) => includesWithin(needle, Math.min(length, text.length), prefixText) };
    },
  };
}

function gramHash(text: string, from: number): number {
  let hash = 0x811c9dc5;
  for (let offset = 0; offset < GRAM; offset++) hash = Math.imul(hash ^ text.charCodeAt(from + offset), 0x01000193);
  return (hash ^ (hash >>> 15)) >>> 0;
}
