import { describe, expect, it } from "vitest";
import { generateSession } from "../../../generator/generate-session";
import { countBpeTokens } from "../../tokens/bpe-estimator";
import { estimatePartTokens, textWeight, tokensOfTextWeight } from "../../tokens/chars4";
import { filePathsIn, findIdentifiers } from "../evidence/evidence-recognizers";
import type { TextWeights } from "./text-weights";
import { fitUserWords, readUserWords, type UserWords } from "./user-words";

/**
 * fitUserWords as it was defined before it carried the count as an interval (issue #39): every candidate section
 * rendered and measured whole. The fast one must keep the same messages, and give the same text and count, for every
 * measure the replay hands it.
 */
function fitUserWordsByDefinition(words: readonly UserWords[], options: { budgetTokens: number; openRequest: boolean; measure: (text: string) => number }) {
  if (words.length === 0) return { kept: [], text: "", tokens: 0 };
  const smallTalk = (text: string) => text.split(/\s+/).length <= 4 && !/\d/.test(text) && filePathsIn(text).length === 0 && findIdentifiers(text).length === 0;
  const others = Array.from({ length: Math.max(0, words.length - 2) }, (_, offset) => words.length - 2 - offset);
  const order = [0, words.length - 1, ...others.filter((index) => !smallTalk(words[index].text)), ...others.filter((index) => smallTalk(words[index].text))];
  const chosen = new Set<number>();
  let text = "";
  let tokens = 0;
  for (const position of order) {
    if (chosen.has(position)) continue;
    const next = new Set(chosen).add(position);
    const shown = words.filter((_, index) => next.has(index));
    const newest = words[words.length - 1].index;
    const left = words.length - next.size;
    const lines = shown.map((entry) => `[message ${entry.index}${entry.index === newest ? (options.openRequest ? ", the open request: not answered in what follows" : ", the newest") : ""}]\n${entry.text}`);
    const candidate = `## The user's messages (verbatim, in order${left > 0 ? `; ${left} older ${left === 1 ? "one" : "ones"} left out` : ""})\n${lines.join("\n\n")}`;
    const size = options.measure(candidate);
    if (size > options.budgetTokens && chosen.size > 0) continue;
    chosen.add(position);
    text = candidate;
    tokens = size;
  }
  return { kept: words.filter((_, index) => chosen.has(index)), text, tokens };
}

const chars4 = (text: string) => estimatePartTokens({ type: "text", text });
/** chars/4 scaled as the calibrated estimator scales it, with the weights keeper is handed for it (`textWeightsOf`) */
const scaledChars4 = (ratio: number): { measure: (text: string) => number; weights: TextWeights } => ({
  measure: (text) => Math.round(chars4(text) * ratio),
  weights: { weight: textWeight, tokens: (weight) => Math.round(tokensOfTextWeight(weight) * ratio) },
});
const MEASURES: [string, (text: string) => number, TextWeights?][] = [
  ["chars/4", chars4],
  // the calibrated estimator's scale (Math.round(additive × ratio)) at a ratio above and below 1
  ["chars/4 × 1.37", scaledChars4(1.37).measure],
  ["chars/4 × 0.8", scaledChars4(0.8).measure],
  ["o200k BPE", countBpeTokens],
  ["characters", (text) => text.length],
  // the same measures sized by adding weights (issue #39: what keeper does under chars/4 and calibrated)
  ["chars/4 by weight", chars4, { weight: textWeight, tokens: tokensOfTextWeight }],
  ["chars/4 × 1.37 by weight", scaledChars4(1.37).measure, scaledChars4(1.37).weights],
  ["chars/4 × 0.8 by weight", scaledChars4(0.8).measure, scaledChars4(0.8).weights],
  ["characters by weight", (text) => text.length, { weight: (text) => text.length, tokens: (weight) => weight }],
];

/** The user's words a keeper compaction reads from a generated session (its first `messages` messages). */
function wordsOfGeneratedSession(seed: number, messages: number, maxChars: number): UserWords[] {
  const session = generateSession({ seed, messages });
  return readUserWords([], session.messages.map((message, sessionIndex) => ({ message, sessionIndex })), maxChars);
}

/** Hand-made words with the shapes that move a count by more than its length: CJK, small talk, long and one-word messages. */
function mixedWords(count: number): UserWords[] {
  const texts = ["sleep", "继续，然后修复 src/parser.ts 的测试", "ok go", `refactor ${"the lexer and the parser ".repeat(12)}`, "port 8443 please", "これをテストして", "wtf", "use rgb values, never 256-colour indices!", "x".repeat(170)];
  return Array.from({ length: count }, (_, at) => ({ index: 3 * at, text: `${texts[at % texts.length]}${at % 4 === 0 ? ` (${at})` : ""}` }));
}

describe("fitUserWords keeps what its definition keeps", () => {
  const generated = wordsOfGeneratedSession(11, 1_500, 4_000);
  const short = wordsOfGeneratedSession(12, 1_500, 120);
  const mixed = mixedWords(60);
  it("the generated sessions give enough words to fill and overflow the budgets below", () => {
    expect(generated.length).toBeGreaterThan(40);
    expect(short.length).toBeGreaterThan(40);
  });

  const cases = MEASURES.flatMap(([name, measure, weights]) =>
    [
      ["generated, 4,000-character cap", generated],
      ["generated, 120-character cap", short],
      ["CJK, small talk and long lines", mixed],
    ].flatMap(([label, words]) => [0.02, 0.1, 0.3, 0.6, 1.2].map((share) => ({ name, measure, weights, label: label as string, words: words as UserWords[], share }))),
  );
  it.each(cases)("$name, $label, a budget of $share of the whole section", ({ measure, weights, words, share }) => {
    const whole = measure(fitUserWordsByDefinition(words, { budgetTokens: Number.MAX_SAFE_INTEGER, openRequest: true, measure }).text);
    for (const openRequest of [true, false]) {
      for (const budgetTokens of [Math.floor(share * whole), Math.floor(share * whole) + 1, Math.floor(share * whole) + 7]) {
        const options = { budgetTokens, openRequest, measure };
        expect(fitUserWords(words, { ...options, weights })).toEqual(fitUserWordsByDefinition(words, options));
      }
    }
  });

  it.each([0, 1, 2, 3])("%i words, any budget", (count) => {
    const words = mixedWords(count);
    for (const budgetTokens of [0, 10, 40, 1_000]) {
      const options = { budgetTokens, openRequest: true, measure: chars4 };
      expect(fitUserWords(words, options)).toEqual(fitUserWordsByDefinition(words, options));
      expect(fitUserWords(words, { ...options, weights: { weight: textWeight, tokens: tokensOfTextWeight } })).toEqual(fitUserWordsByDefinition(words, options));
    }
  });

  it("every budget around the point where the first left-out message would fit (each a separate decision near the edge)", () => {
    const words = generated.slice(0, 30);
    const whole = chars4(fitUserWordsByDefinition(words, { budgetTokens: Number.MAX_SAFE_INTEGER, openRequest: true, measure: chars4 }).text);
    for (let budgetTokens = whole - 400; budgetTokens <= whole + 2; budgetTokens++) {
      const options = { budgetTokens, openRequest: true, measure: chars4 };
      expect(fitUserWords(words, options)).toEqual(fitUserWordsByDefinition(words, options));
      expect(fitUserWords(words, { ...options, weights: { weight: textWeight, tokens: tokensOfTextWeight } })).toEqual(fitUserWordsByDefinition(words, options));
    }
  });
});

describe("fitUserWords measures few whole sections", () => {
  it.each([0.1, 0.3, 0.6])("on a generated session's 500 user messages under %s of their section, at most a quarter as many whole sections as messages (the definition measures one per message)", (share) => {
    const words = wordsOfGeneratedSession(13, 9_000, 4_000).slice(0, 500);
    expect(words.length).toBe(500);
    const measured: number[] = [];
    const measure = (text: string) => {
      measured.push(text.length);
      return chars4(text);
    };
    const whole = chars4(fitUserWordsByDefinition(words, { budgetTokens: Number.MAX_SAFE_INTEGER, openRequest: true, measure: chars4 }).text);
    const fitted = fitUserWords(words, { budgetTokens: Math.floor(share * whole), openRequest: true, measure });
    expect(fitted.kept.length).toBeGreaterThan(20);
    expect(fitted.kept.length).toBeLessThan(500);
    // whole sections: texts longer than the longest line
    const longest = Math.max(...words.map((entry) => entry.text.length)) + 100;
    const wholeSections = measured.filter((length) => length > longest).length;
    // measured: 57 at 0.1, under 50 at 0.3, 98 at 0.6 (those whose line's count falls within a few tokens of the room left)
    expect(wholeSections).toBeLessThan(125);
  });

  it("with weights that add up, measures nothing: every section is sized by adding its lines' weights", () => {
    const words = wordsOfGeneratedSession(13, 9_000, 4_000).slice(0, 500);
    let measured = 0;
    const measure = (text: string) => {
      measured++;
      return chars4(text);
    };
    const whole = chars4(fitUserWordsByDefinition(words, { budgetTokens: Number.MAX_SAFE_INTEGER, openRequest: true, measure: chars4 }).text);
    const options = { budgetTokens: Math.floor(0.3 * whole), openRequest: true, measure };
    const fitted = fitUserWords(words, { ...options, weights: { weight: textWeight, tokens: tokensOfTextWeight } });
    expect(measured).toBe(0);
    expect(fitted).toEqual(fitUserWordsByDefinition(words, { ...options, measure: chars4 }));
  });
});
