import { clearMergeCache, countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { Part } from "../model";
import type { Estimator } from "./estimator";
import { IMAGE_TOKENS, partImages } from "./chars4";
import { partText } from "./part-text";

const TREAT_SPECIAL_TOKENS_AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Counts between two clears of gpt-tokenizer's merge cache. The cache (an LRU of up to 100,000 merged pieces, one
 * per process) speeds counting up ~3× here, but once full its eviction gets slower the longer it runs: counting a
 * generated 64,000-message session took 1.2 s for its first 16,000 messages and 2.5 s for its last. Starting the
 * cache afresh every 40,000 counts keeps the cost per message flat (6.9 → 6.0 s for the whole session). Speed only:
 * the counts never depend on the cache.
 */
const COUNTS_PER_CACHE_CLEAR = 40_000;
let countsSinceClear = 0;

/** o200k BPE token count of a string; special-token spellings in transcripts are counted as plain text. */
export function countBpeTokens(text: string): number {
  if (text.length === 0) return 0;
  if (++countsSinceClear >= COUNTS_PER_CACHE_CLEAR) {
    countsSinceClear = 0;
    clearMergeCache();
  }
  return countTokens(text, TREAT_SPECIAL_TOKENS_AS_TEXT);
}

/**
 * gpt-tokenizer's o200k `countTokens` as an {@link Estimator}, images at 1,200. It is ~150× slower than
 * chars/4, so each part object is counted once and cached by identity: the replay passes the session's own
 * part objects, so a message is tokenized once however many steps it stays in the context.
 */
export function createBpeEstimator(): Estimator {
  const cache = new WeakMap<Part, number>();
  return {
    id: "bpe",
    partTokens(part) {
      const cached = cache.get(part);
      if (cached !== undefined) return cached;
      // an opaque provider item has no text: it costs what the provider reported
      const tokens = part.type === "opaque" ? part.tokens : countBpeTokens(partText(part)) + partImages(part) * IMAGE_TOKENS;
      cache.set(part, tokens);
      return tokens;
    },
    scale: (additiveTokens) => additiveTokens,
    observe: () => {},
  };
}
