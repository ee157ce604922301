import { AhoCorasick } from "@monyone/aho-corasick/fast";
import type { Message } from "../model";
import { partText } from "./context-text";
import { forEachWord, wordsOf } from "./continuation-recognizers";
import { MIN_BY_LINE_CHARS, normalizeByLine, wordSetByLine } from "./by-line";
import { normalizeProbeText } from "./normalize-probe-text";
import type { ContinuationFact } from "./extract-continuation-facts";

/** Which facts one message holds: indexes into the facts it was built for, ascending. Read-only: the same array may answer for several messages. */
export type FactMatcher = (message: Message) => Uint32Array;

/**
 * Texts up to this long are remembered by their text too (placeholders, short outputs), longer ones by message only,
 * and at most {@link MAX_TEXT_KEYS} of them: the memory the texts hold stays within ~10 MB whatever the session.
 */
const MAX_TEXT_KEY_CHARS = 256;
const MAX_TEXT_KEYS = 20_000;

/** the answer for a message that holds no fact (most marked messages: a placeholder) */
const NONE = new Uint32Array(0);

/**
 * What a message holds of the facts, read in one pass over its text however many facts there are: a word fact
 * (identifier, number, error word) is held when the message's word set (`wordSet`, lower-cased, with pieces) has
 * its key; a file or command when the message's text, normalised once (`normalizeProbeText` of its parts joined
 * by newlines), contains its key *and* the message has the key's last word as a word of its own (so
 * `auth/login.ts` is not held by `auth/login.tsx`). The keys are found by one Aho–Corasick automaton
 * (@monyone/aho-corasick, UTF-16 code units: the same occurrences as `String.includes`), run only over a message
 * that has some key's last word. Linear in the message's text plus the matches.
 *
 * The matcher remembers its answer per message object (the session's own messages and a run's marked ones are the
 * same objects at every point of the run), so a context is matched once per message, not once per point; the
 * session's own messages are matched once per session, at extraction (`ContinuationFacts.held`).
 */
export function factMatcher(facts: readonly ContinuationFact[], options: { byLine?: boolean } = {}): FactMatcher {
  // by line (by-line.ts) unless told otherwise: extraction reads a session's own messages, each once, whose lines
  // seldom repeat, so remembering every line would only cost (hashing each line, most of them never seen again)
  const byLine = options.byLine ?? true;
  const { wordFacts, phraseFactsByKey, anchors, automaton } = factIndexOf(facts);
  const cache = new WeakMap<Message, Uint32Array>();
  // the answer per short text: a pruning strategy leaves thousands of marked messages that read the same placeholder
  // ("[Tool output cleared — …]": 4,157 of 4,405 marked messages of nous on the bench session), each a message
  // object of its own. What a message holds is a function of its text alone
  const byText = new Map<string, Uint32Array>();
  return (message) => {
    const cached = cache.get(message);
    if (cached) return cached;
    const raw = message.parts.map(partText).join("\n");
    const short = raw.length <= MAX_TEXT_KEY_CHARS;
    const known = short ? byText.get(raw) : undefined;
    if (known) {
      cache.set(message, known);
      return known;
    }
    // the message's lower-cased words (`wordSet`'s), each looked up as it comes: the facts it names, and which of
    // the phrase keys' last words it has. A long text (a summary is mostly lines earlier summaries had) is read by
    // line, each distinct line split and normalised once (by-line.ts)
    let found: Set<number> | null = null;
    let anchorsHeld: Set<string> | null = null;
    const take = (word: string) => {
      const index = wordFacts.get(word);
      if (index !== undefined) (found ??= new Set()).add(index);
      if (anchors.has(word)) (anchorsHeld ??= new Set()).add(word);
    };
    if (!byLine || raw.length < MIN_BY_LINE_CHARS) forEachWord(raw.toLowerCase(), take);
    else for (const word of wordSetByLine(raw)) take(word);
    if (automaton && anchorsHeld !== null) {
      const held: Set<string> = anchorsHeld;
      for (const match of automaton.matchInText(byLine ? normalizeByLine(raw) : normalizeProbeText(raw))) {
        for (const phrase of phraseFactsByKey.get(match.keyword) ?? []) if (held.has(phrase.anchor)) (found ??= new Set()).add(phrase.index);
      }
    }
    const held = found === null ? NONE : Uint32Array.from(found).sort();
    cache.set(message, held);
    if (short && byText.size < MAX_TEXT_KEYS) byText.set(raw, held);
    return held;
  };
}

interface FactIndex {
  /** word fact key → its index */
  wordFacts: Map<string, number>;
  /** file / command key → the facts with that key (a file and a command may share one) and the key's last word */
  phraseFactsByKey: Map<string, { index: number; anchor: string }[]>;
  anchors: Set<string>;
  /** over every phrase key; null when there is none */
  automaton: AhoCorasick | null;
}

/**
 * The facts' lookup tables and automaton, built once per facts array (a speed cache: the scorer makes a matcher per
 * scored run, and every run of a session shares its facts).
 */
const indexByFacts = new WeakMap<readonly ContinuationFact[], FactIndex>();

function factIndexOf(facts: readonly ContinuationFact[]): FactIndex {
  const known = indexByFacts.get(facts);
  if (known) return known;
  const wordFacts = new Map<string, number>();
  const phraseFactsByKey = new Map<string, { index: number; anchor: string }[]>();
  const anchors = new Set<string>();
  facts.forEach((fact, index) => {
    if (fact.kind !== "file" && fact.kind !== "command") {
      wordFacts.set(fact.key, index);
      return;
    }
    const words = wordsOf(fact.key);
    const anchor = (words[words.length - 1] ?? fact.key).toLowerCase();
    anchors.add(anchor);
    const sharing = phraseFactsByKey.get(fact.key);
    if (sharing) sharing.push({ index, anchor });
    else phraseFactsByKey.set(fact.key, [{ index, anchor }]);
  });
  const index = { wordFacts, phraseFactsByKey, anchors, automaton: phraseFactsByKey.size > 0 ? new AhoCorasick([...phraseFactsByKey.keys()]) : null };
  indexByFacts.set(facts, index);
  return index;
}
