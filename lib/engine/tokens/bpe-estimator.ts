import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { Part } from "../model";
import type { Estimator } from "./estimator";
import { IMAGE_TOKENS, partImages } from "./chars4";
import { partText } from "./part-text";

const TREAT_SPECIAL_TOKENS_AS_TEXT = { disallowedSpecial: new Set<string>() };

/** o200k BPE token count of a string; special-token spellings in transcripts are counted as plain text. */
export function countBpeTokens(text: string): number {
  return text.length === 0 ? 0 : countTokens(text, TREAT_SPECIAL_TOKENS_AS_TEXT);
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
      const tokens = countBpeTokens(partText(part)) + partImages(part) * IMAGE_TOKENS;
      cache.set(part, tokens);
      return tokens;
    },
    scale: (additiveTokens) => additiveTokens,
    observe: () => {},
  };
}
