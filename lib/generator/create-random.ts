/**
 * A seeded pseudo-random source for the generator. The engine and the generator never call Math.random:
 * the same seed must give the same session on every machine, so tests and benchmarks can compare runs.
 *
 * The core is mulberry32 (Tommy Ettinger's 32-bit generator): tiny, fast and good enough for content
 * shapes; it is not for cryptography.
 */
export interface Random {
  /** a float in [0, 1) */
  next(): number;
  /** an integer in [min, max], both ends included */
  int(min: number, max: number): number;
  /** true with the given probability */
  chance(probability: number): boolean;
  /** one element of a non-empty array */
  pick<T>(items: readonly T[]): T;
  /** a standard normal sample (Box–Muller), for log-normal sizes */
  normal(): number;
  /**
   * A long-tailed positive size: log-normal around `median`, clamped to [min, max]. `spread` is the
   * log-space standard deviation; 1 gives roughly one value in twenty above 5× the median.
   */
  longTail(options: { median: number; spread: number; min: number; max: number }): number;
  /** `length` characters from [0-9A-Za-z], for provider-looking ids */
  token(length: number): string;
}

const TOKEN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A generator for `seed` (any finite number; fractional and negative seeds are folded into 32 bits). */
export function createRandom(seed: number): Random {
  let state = Math.trunc(seed) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const normal = (): number => {
    // 1 - next() is in (0, 1], so the logarithm is finite
    const radius = Math.sqrt(-2 * Math.log(1 - next()));
    return radius * Math.cos(2 * Math.PI * next());
  };
  return {
    next,
    int,
    normal,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    longTail: ({ median, spread, min, max }) =>
      Math.min(max, Math.max(min, Math.round(median * Math.exp(spread * normal())))),
    token: (length) => {
      let text = "";
      for (let index = 0; index < length; index++) text += TOKEN_ALPHABET[Math.floor(next() * TOKEN_ALPHABET.length)];
      return text;
    },
  };
}
