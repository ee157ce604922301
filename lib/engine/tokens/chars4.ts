import type { Message, Part } from "../model";

/** The seeds' heuristic: one token per four characters. */
export const CHARS_PER_TOKEN = 4;
/** Fixed cost of an image, as pi counts it. */
export const IMAGE_TOKENS = 1_200;
/** Role and structural overhead per message (seed 004's estimate_messages). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** The characters of a part that reach the model as text (images are counted separately). */
export function partChars(part: Part): number {
  switch (part.type) {
    case "text":
    case "reasoning":
      return part.text.length;
    case "tool-call":
      return part.name.length + serializedInputLength(part.input);
    case "tool-result":
      return part.output.length;
    case "file":
      return (part.filename?.length ?? 0) + (part.url?.length ?? 0);
    case "image":
    case "compaction":
    case "opaque":
      return 0;
  }
}

/** Images a part carries (an image part, or the images inside a tool result). */
export function partImages(part: Part): number {
  if (part.type === "image") return 1;
  if (part.type === "tool-result") return part.images.length;
  return 0;
}

/**
 * Han, kana and Hangul characters: tokenizers give each about one token (Claude's and o200k alike), not a quarter —
 * chars/4 read a Chinese-speaking user's session at a fraction of its recorded size.
 */
const CJK_CHARACTER = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const CJK_CHARACTERS = new RegExp(CJK_CHARACTER.source, "g");

/** CJK characters in a text (one quick scan when there are none, which is most text). */
export function cjkCharacters(text: string): number {
  if (!CJK_CHARACTER.test(text)) return 0;
  return text.match(CJK_CHARACTERS)?.length ?? 0;
}

function partCjkCharacters(part: Part): number {
  switch (part.type) {
    case "text":
    case "reasoning":
      return cjkCharacters(part.text);
    case "tool-result":
      return cjkCharacters(part.output);
    case "tool-call":
      return typeof part.input === "string" ? cjkCharacters(part.input) : 0;
    default:
      return 0;
  }
}

/**
 * chars/4 estimate of one part, images at {@link IMAGE_TOKENS}, CJK characters at one token each (the seeds' chars/4
 * is for Latin text; pi's estimateTokens counts them at a quarter too — the one place the lab's chars/4 differs from
 * pi's on text, documented in lib/engine/README.md). A tool call's object input is not scanned (JSON escapes
 * non-ASCII only when asked to, but arguments in CJK are rare and cost a stringify per call).
 */
export function estimatePartTokens(part: Part): number {
  if (part.type === "opaque") return part.tokens;
  return Math.ceil((partChars(part) + (CHARS_PER_TOKEN - 1) * partCjkCharacters(part)) / CHARS_PER_TOKEN) + partImages(part) * IMAGE_TOKENS;
}

/**
 * A text's weight under chars/4: its characters, a CJK character counted as {@link CHARS_PER_TOKEN}. Weights add up
 * when texts are joined (each character counts alone), and a text part's estimate is `tokensOfTextWeight` of its
 * weight — so a strategy sizing text it assembles from many pieces can add the pieces' weights instead of measuring
 * every assembled version (estimators.test.ts checks both against `estimatePartTokens`).
 */
export function textWeight(text: string): number {
  return text.length + (CHARS_PER_TOKEN - 1) * cjkCharacters(text);
}

/** chars/4 tokens of a text part of weight `weight` (see {@link textWeight}) */
export function tokensOfTextWeight(weight: number): number {
  return Math.ceil(weight / CHARS_PER_TOKEN);
}

/** {@link textWeight} and {@link tokensOfTextWeight} as an estimator's `textWeights` */
export const CHARS4_TEXT_WEIGHTS = { weight: textWeight, tokens: tokensOfTextWeight } as const;

/** chars/4 estimate of one message, with the per-message overhead. */
export function estimateMessageTokens(message: Message): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  for (const part of message.parts) tokens += estimatePartTokens(part);
  return tokens;
}

/**
 * Serialized lengths of tool-call inputs already measured, by input object. Session parts are never mutated (the
 * engine reads them; the BPE estimator caches by part the same way), and a replay measures the same call again at
 * every compaction that reads it, so the JSON.stringify is done once per input. A cache for speed only: the
 * length is the same either way.
 */
const inputLengths = new WeakMap<object, number>();

function serializedInputLength(input: unknown): number {
  if (typeof input === "string") return input.length;
  if (input === undefined) return 0;
  if (input === null || typeof input !== "object") return JSON.stringify(input)?.length ?? 0;
  let length = inputLengths.get(input);
  if (length === undefined) {
    length = JSON.stringify(input)?.length ?? 0;
    inputLengths.set(input, length);
  }
  return length;
}
