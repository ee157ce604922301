import type { Message, Part, Session } from "../model";
import { classifyMessages } from "../simulate/classify-messages";
import { partText } from "./context-text";
import {
  classifyWord,
  codeSpans,
  commandKey,
  commandKeyOf,
  errorWords,
  inputFileBaseNames,
  inputPathKeys,
  pathKeysOfTerms,
  wordsOfTerms,
  type ContinuationKind,
} from "./continuation-recognizers";
import { factMatcher } from "./fact-matcher";
import { firstStepOfMessages } from "./first-step-of-messages";
import { termsOf } from "./session-terms";

/**
 * The version of what {@link extractContinuationFacts} returns: stored and cached facts (the session's row, the
 * CLI's cache) are reused only at this version. Raise it whenever the extraction, the recognisers it reads with or
 * the matcher behind `held` change what they find.
 */
export const CONTINUATION_FACTS_VERSION = 2;

/** A fact of the session that a later message uses: what continuation recall asks a compacted context to hold. */
export interface ContinuationFact {
  kind: ContinuationKind;
  /**
   * how it is looked up: a lower-cased word (identifier, number, error word), a path's last two segments, or a
   * command's normalised first line
   */
  key: string;
  /** session index of the first message that holds it (anywhere: prose, a tool input, a tool result) */
  firstIndex: number;
  /** session index of the last message that uses it (assistant text or a tool input) */
  lastUse: number;
}

export interface ContinuationFacts {
  /** facts used at least once after the message they first appear in, in order of first appearance */
  facts: ContinuationFact[];
  /** per message: the first model call whose context holds it (see `firstStepOfMessages`) */
  firstStepByIndex: number[];
  /**
   * the facts each of the session's own messages holds (`factMatcher`), matched once here so that every point of
   * every run reads them instead of matching again: message `i` holds `heldFacts[heldStart[i] .. heldStart[i + 1])`
   * (indexes into `facts`, ascending; `heldStart` has one more entry than the session has messages)
   */
  heldStart: number[];
  heldFacts: number[];
}

/**
 * The ground truth of continuation recall: for every fact of the session — files, commands, identifiers,
 * numbers, the names in error lines, as `session-terms.ts` reads them — where it first appears and the last
 * message that *uses* it (reuses it literally). A use is
 * what the agent did: its prose, and the inputs of its tool calls (a file read or edited, a command run again,
 * an identifier written into an edit, a number passed as a flag). A fact first seen in a user message or a tool
 * result and used later by the agent counts; one the agent introduces and uses itself counts from its first use.
 * Never what any strategy thinks matters. Skipped: recorded compaction markers and summaries, synthetic messages
 * and parts, and reasoning (not sent back to the model). Pure and deterministic; O(session text).
 */
export function extractContinuationFacts(session: Session): ContinuationFacts {
  const steps = continuationFactSteps(session);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Messages read between two yields of {@link continuationFactSteps}. */
const MESSAGES_PER_STEP = 250;

/** {@link extractContinuationFacts}, yielding every {@link MESSAGES_PER_STEP} messages (see `continuationRecallSteps`). */
export function* continuationFactSteps(session: Session): Generator<void, ContinuationFacts> {
  const kinds = classifyMessages(session);
  // a bare `name.ext` in prose is a file when some tool call of the session names that file
  const knownFiles = new Set<string>();
  for (const message of session.messages) for (const part of message.parts) if (part.type === "tool-call") for (const name of inputFileBaseNames(part.input)) knownFiles.add(name);
  // the facts in the order they were first mentioned; a file, a command and a word (any other kind, by its
  // lower-cased key) are three namespaces
  const created: ContinuationFact[] = [];
  const fileFacts = new Map<string, ContinuationFact>();
  const commandFacts = new Map<string, ContinuationFact>();
  const words = wordTable();
  const terms = termTable(words, knownFiles);
  const mention = (kind: "file" | "command", key: string, index: number) => {
    const facts = kind === "file" ? fileFacts : commandFacts;
    if (!facts.has(key)) {
      const fact: ContinuationFact = { kind, key, firstIndex: index, lastUse: -1 };
      facts.set(key, fact);
      created.push(fact);
    }
  };
  const mentionWord = (kind: ContinuationKind, slot: WordSlot, index: number) => {
    if (slot.fact === null) created.push((slot.fact = { kind, key: slot.key, firstIndex: index, lastUse: -1 }));
  };
  const use = (fact: ContinuationFact | null | undefined, index: number) => {
    if (fact && fact.firstIndex < index) fact.lastUse = index;
  };

  for (let index = 0; index < session.messages.length; index++) {
    if (index > 0 && index % MESSAGES_PER_STEP === 0) yield;
    const message = session.messages[index];
    if (kinds[index] === "recorded-marker" || kinds[index] === "recorded-summary" || message.synthetic) continue;
    // each part's text is split into terms once, for its uses and its mentions alike
    const readParts = new Map<Part, PartReading>();
    const read = (part: Part) => {
      let known = readParts.get(part);
      if (!known) {
        known = terms.read(termsOf(partText(part)));
        readParts.set(part, known);
      }
      return known;
    };
    // uses first: a message cannot use what it introduces itself (`firstIndex < index` above)
    for (const part of useParts(message)) {
      const { words: partWords, pathKeys } = read(part);
      for (const { slot } of partWords) use(slot.fact, index);
      for (const key of pathKeys) use(fileFacts.get(key), index);
    }
    for (const part of message.parts) {
      if (part.type !== "tool-call") continue;
      for (const key of inputPathKeys(part.input)) use(fileFacts.get(key), index);
      const command = commandKey(part);
      if (command !== null) use(commandFacts.get(command), index);
    }
    // then mentions
    for (const part of message.parts) {
      if (part.type === "reasoning" || (part.type === "text" && part.synthetic)) continue;
      const { words: partWords, pathKeys } = read(part);
      for (const { kind, slot } of partWords) if (kind !== null) mentionWord(kind, slot, index);
      for (const key of pathKeys) mention("file", key, index);
      if (part.type === "text") for (const span of codeSpans(part.text)) {
        const key = commandKeyOf(span);
        if (key !== null) mention("command", key, index);
      } else if (part.type === "tool-call") {
        for (const key of inputPathKeys(part.input)) mention("file", key, index);
        const command = commandKey(part);
        if (command !== null) mention("command", command, index);
      } else if (part.type === "tool-result") {
        for (const word of errorWords(part.output)) mentionWord("error", words.entry(word).slot, index);
      }
    }
  }
  const facts = created.filter((fact) => fact.lastUse > fact.firstIndex);
  // each of the session's own messages is matched once, here: read whole, not by remembered line
  const matcher = factMatcher(facts, { byLine: false });
  const heldStart = [0];
  const heldFacts: number[] = [];
  for (let index = 0; index < session.messages.length; index++) {
    if (index > 0 && index % MESSAGES_PER_STEP === 0) yield;
    for (const fact of matcher(session.messages[index])) heldFacts.push(fact);
    heldStart.push(heldFacts.length);
  }
  return { facts, firstStepByIndex: firstStepOfMessages(kinds), heldStart, heldFacts };
}

/** The fact of one lower-cased word key (null until a message mentions it), shared by the word's spellings. */
interface WordSlot {
  key: string;
  fact: ContinuationFact | null;
}

/**
 * Each word as written, read once: its kind by shape (`classifyWord`) and the slot of its lower-cased key. A text's
 * words come back thousands of times (1.5M words, 25K distinct, on the bench session): a word is then one lookup,
 * not a classification, a lower-casing and a key built and looked up per occurrence.
 */
function wordTable(): { entry(word: string): WordEntry } {
  const entries = new Map<string, WordEntry>();
  const slots = new Map<string, WordSlot>();
  return {
    entry(word) {
      let entry = entries.get(word);
      if (entry === undefined) {
        const key = word.toLowerCase();
        let slot = slots.get(key);
        if (slot === undefined) slots.set(key, (slot = { key, fact: null }));
        entries.set(word, (entry = { kind: classifyWord(word), slot }));
      }
      return entry;
    },
  };
}

/** A word as written: its kind by shape and its key's slot. */
interface WordEntry {
  kind: ContinuationKind | null;
  slot: WordSlot;
}

/** A part's words (`wordsOfTerms`, as entries) and path keys (`pathKeysOfTerms`), in its terms' order. */
interface PartReading {
  words: WordEntry[];
  pathKeys: string[];
}

/**
 * Each distinct term read once: its words (`wordsOfTerms`) and path keys (`pathKeysOfTerms`), both taken term by
 * term, so a text's are its terms' in order. A term comes back many times (a path, a name, a flag): it is then one
 * lookup instead of its pieces split and its path shape tested again.
 */
function termTable(words: ReturnType<typeof wordTable>, knownFiles: ReadonlySet<string>): { read(terms: readonly string[]): PartReading } {
  const byTerm = new Map<string, { words: readonly WordEntry[]; pathKeys: readonly string[] }>();
  return {
    read(terms) {
      const reading: PartReading = { words: [], pathKeys: [] };
      for (const term of terms) {
        let known = byTerm.get(term);
        if (known === undefined) {
          known = { words: wordsOfTerms([term]).map(words.entry), pathKeys: pathKeysOfTerms([term], knownFiles) };
          byTerm.set(term, known);
        }
        for (const word of known.words) reading.words.push(word);
        for (const key of known.pathKeys) reading.pathKeys.push(key);
      }
      return reading;
    },
  };
}

/** The parts of a message that are the agent's own use: its prose and its tool inputs. */
function useParts(message: Message): Part[] {
  if (message.role !== "assistant") return [];
  return message.parts.filter((part) => part.type === "tool-call" || (part.type === "text" && !part.synthetic));
}
