import { describe, expect, it } from "vitest";
import { literalAutomaton, type LiteralAutomaton } from "./literal-automaton";

/** Every (end, word) the automaton reports in `text`, one per position (the word `ends` names there). */
function ends(automaton: LiteralAutomaton, text: string): [number, number][] {
  const found: [number, number][] = [];
  let state = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    state = code < 128 ? automaton.next[(state << 7) | code] : 0;
    expect(automaton.ends[state] !== 0).toBe(state >= automaton.firstEnd);
    if (state >= automaton.firstEnd) found.push([at + 1, automaton.ends[state] - 1]);
  }
  return found;
}

/** The same from indexOf: at each position, the first word (in `words` order) among those ending there. */
function endsByIndexOf(words: readonly string[], text: string): [number, number][] {
  const byEnd = new Map<number, number>();
  for (const [index, word] of words.entries()) {
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      const end = at + word.length;
      if (!byEnd.has(end) || byEnd.get(end)! > index) byEnd.set(end, index);
    }
  }
  return [...byEnd].sort((a, b) => a[0] - b[0]);
}

describe("literalAutomaton", () => {
  const words = ["he", "she", "his", "hers", "://", "ghp_", "hp_x", "A3T"];

  it.each([
    ["ushers", [[4, 0], [6, 3]]],
    ["https://x ghp_hp_x", [[8, 4], [14, 5], [18, 6]]],
    ["no match here at all", [[11, 0]]],
    ["é://ß A3T", [[4, 4], [9, 7]]],
  ] as const)("finds the words of %j where they end", (text, expected) => {
    expect(ends(literalAutomaton(words), text)).toEqual(expected);
  });

  it("agrees with indexOf on random texts over the words' letters, suffixes included", () => {
    const automaton = literalAutomaton(words);
    const letters = "heisr:/gp_xA3T é";
    let seed = 7;
    for (let round = 0; round < 300; round++) {
      let text = "";
      for (let index = 0; index < 60; index++) {
        seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
        text += letters[(seed >>> 16) % letters.length];
      }
      // a state where two words end (he in she) names the first of them in words
      expect(ends(automaton, text)).toEqual(endsByIndexOf(words, text));
    }
  });

  it("refuses a word outside ASCII", () => {
    expect(() => literalAutomaton(["café"])).toThrow(/ASCII only/);
  });
});
