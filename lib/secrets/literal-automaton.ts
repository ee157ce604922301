/** Code units the automaton reads; any other (outside ASCII) sends it back to its start. */
const ALPHABET = 128;

/**
 * An Aho–Corasick automaton over ASCII words as a dense table: state × code unit → state. The start is state 0 and
 * the states where a word ends are numbered last, from `firstEnd` on, so a scan tests one number per character.
 */
export interface LiteralAutomaton {
  /** `next[(state << 7) | code]`, for code units below 128 */
  next: Uint16Array;
  /** the first state where a word ends: every state from it on is one */
  firstEnd: number;
  /** per state: 0 when no word ends there, else 1 + the index of the first word (in the order given) that ends there */
  ends: Uint16Array;
}

/**
 * The automaton that finds every one of `words` (ASCII only) in a text in one pass over its code units: one table
 * read per character, whatever the number of words. Built for the secret scan's anchors (may-hold-secret.ts): over the
 * 11.5 M characters of the generated 10,000-message bench session's texts, a regular expression alternating the 57
 * anchors took 43 ms of CPU here and this 26–29 ms; @monyone/aho-corasick (the engine's fact matcher) looks each
 * character up in a Map and took ~230 ms. When several words end at one state (one is a suffix of another: `he` in
 * `she`), `ends` names the first of them in `words`.
 */
export function literalAutomaton(words: readonly string[]): LiteralAutomaton {
  const goto: Int32Array[] = [new Int32Array(ALPHABET).fill(-1)];
  const ends: number[] = [0];
  for (const [index, word] of words.entries()) {
    let state = 0;
    for (let at = 0; at < word.length; at++) {
      const code = word.charCodeAt(at);
      if (code >= ALPHABET) throw new Error(`literalAutomaton reads ASCII only: ${JSON.stringify(word)}`);
      if (goto[state][code] < 0) {
        goto[state][code] = goto.length;
        goto.push(new Int32Array(ALPHABET).fill(-1));
        ends.push(0);
      }
      state = goto[state][code];
    }
    if (ends[state] === 0) ends[state] = index + 1;
  }
  if (goto.length > 65_536) throw new Error(`literalAutomaton: ${goto.length} states do not fit its 16-bit table`);
  // breadth first: a state's failure (the longest proper suffix of its path that is a path too) is done before its
  // children's, which complete their missing moves from it
  const failure = new Int32Array(goto.length);
  const queue: number[] = [];
  for (let code = 0; code < ALPHABET; code++) {
    const child = goto[0][code];
    if (child < 0) goto[0][code] = 0;
    else queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    // the words ending at the failure state end here too: keep the first of them all
    const inherited = ends[failure[state]];
    if (inherited !== 0 && (ends[state] === 0 || inherited < ends[state])) ends[state] = inherited;
    for (let code = 0; code < ALPHABET; code++) {
      const child = goto[state][code];
      if (child < 0) goto[state][code] = goto[failure[state]][code];
      else {
        failure[child] = goto[failure[state]][code];
        queue.push(child);
      }
    }
  }
  // renumbered: the states where no word ends first (the start stays 0), then the others
  const order = [...goto.keys()].sort((a, b) => Number(ends[a] !== 0) - Number(ends[b] !== 0) || a - b);
  const renamed = new Uint16Array(goto.length);
  for (const [index, state] of order.entries()) renamed[state] = index;
  const next = new Uint16Array(goto.length * ALPHABET);
  for (const [state, row] of goto.entries()) for (let code = 0; code < ALPHABET; code++) next[renamed[state] * ALPHABET + code] = renamed[row[code]];
  const firstEnd = order.findIndex((state) => ends[state] !== 0);
  return { next, firstEnd: firstEnd < 0 ? order.length : firstEnd, ends: Uint16Array.from(order, (state) => ends[state]) };
}
