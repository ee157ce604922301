import type { Session } from "../model";
import type { ContextSnapshot } from "../simulate/context-at";
import { contextText, normalizedPartText } from "./context-text";
import type { Probe } from "./probe";

/**
 * The session's own messages as one normalised text — their parts' normalised texts joined by one space, exactly as
 * `contextText` joins them — with where each message's text starts and ends in it, and where each probe's normalised
 * text occurs. A context's run of the session's own messages, consecutive and unmarked, is then a slice of this text
 * (`contextText` of those messages is `text.slice(start, end)`), and whether a probe occurs in it is a binary search
 * in the probe's occurrences instead of a search of the slice: the same answer as `String.includes`. Depends on the
 * session and the probes only, so it is built once per session (remembered per probes array, which a comparison
 * shares among its runs) instead of once per scored point of every run.
 */
export interface SessionTextIndex {
  text: string;
  /** per session message: where its text starts in `text`, -1 when it has none (no part with text) */
  start: Int32Array;
  /** per session message: where its text ends (exclusive), -1 when it has none */
  end: Int32Array;
  /** per distinct probe text: its occurrences' starts in `text`, ascending (overlapping ones included) */
  occurrences: Map<string, Int32Array>;
}

const indexByProbes = new WeakMap<readonly Probe[], WeakMap<Session, SessionTextIndex>>();

/** The index of `session` for `probes` (built on first use, then remembered: a speed cache of a pure function). */
export function sessionTextIndex(session: Session, probes: readonly Probe[]): SessionTextIndex {
  let bySession = indexByProbes.get(probes);
  if (!bySession) {
    bySession = new WeakMap();
    indexByProbes.set(probes, bySession);
  }
  let index = bySession.get(session);
  if (!index) {
    index = buildIndex(session, probes);
    bySession.set(session, index);
  }
  return index;
}

function buildIndex(session: Session, probes: readonly Probe[]): SessionTextIndex {
  const pieces: string[] = [];
  const start = new Int32Array(session.messages.length).fill(-1);
  const end = new Int32Array(session.messages.length).fill(-1);
  let length = 0;
  session.messages.forEach((message, index) => {
    for (const part of message.parts) {
      const piece = normalizedPartText(part);
      if (!piece) continue;
      if (pieces.length > 0) length += 1;
      if (start[index] < 0) start[index] = length;
      pieces.push(piece);
      length += piece.length;
      end[index] = length;
    }
  });
  const text = pieces.join(" ");
  const occurrences = new Map<string, Int32Array>();
  for (const probe of probes) {
    const needle = probe.normalized;
    if (needle.length === 0 || occurrences.has(needle)) continue;
    const found: number[] = [];
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) found.push(at);
    occurrences.set(needle, Int32Array.from(found));
  }
  return { text, start, end, occurrences };
}

/** Whether `needle` occurs within `text.slice(from, to)` of the index (it must be one of the probes' texts). */
export function occursBetween(index: SessionTextIndex, needle: string, from: number, to: number): boolean {
  const starts = index.occurrences.get(needle);
  if (!starts) throw new RangeError(`"${needle}" is not a text of the probes the index was built for`);
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle] < from) low = middle + 1;
    else high = middle;
  }
  return low < starts.length && starts[low] + needle.length <= to;
}

/** A point's context text (`contextText`), asked whether it holds a probe's text, or whole (for a regex probe). */
export interface PointText {
  has(needle: string): boolean;
  whole(): string;
}

export function wholeContextText(snapshot: ContextSnapshot): PointText {
  const text = contextText(snapshot);
  return { has: (needle) => text.includes(needle), whole: () => text };
}

/**
 * A context's text as its head (`contextText` of its messages up to its last run of the session's own messages,
 * consecutive and unmarked) and that run, a slice of the session's index. A probe's text is in the whole text
 * (head, one space, run) when it is in the head, in the run (the index's occurrences), or across the space
 * between them — then within the head's last `longest - 1` characters, the space and the run's first
 * `longest - 1` (`longest`: the longest probe text). The same answers as searching the whole text.
 */
export function indexedContextText(options: { snapshot: ContextSnapshot; session: Session; index: SessionTextIndex; longest: number }): PointText {
  const { snapshot, session, index, longest } = options;
  const messages = snapshot.messages;
  let first = messages.length;
  while (first > 0) {
    const entry = messages[first - 1];
    const at = entry.sessionIndex;
    if (at === null || entry.message !== session.messages[at]) break;
    if (first < messages.length && messages[first].sessionIndex !== at + 1) break;
    first--;
  }
  let from = -1;
  let to = -1;
  for (let at = first; at < messages.length; at++) {
    const sessionIndex = messages[at].sessionIndex!;
    if (index.start[sessionIndex] < 0) continue;
    if (from < 0) from = index.start[sessionIndex];
    to = index.end[sessionIndex];
  }
  const head = contextText({ ...snapshot, messages: messages.slice(0, first) });
  const reach = longest - 1;
  const seam = head && from >= 0 && reach > 0 ? `${head.slice(-reach)} ${index.text.slice(from, Math.min(to, from + reach))}` : "";
  return {
    has: (needle) => head.includes(needle) || (from >= 0 && occursBetween(index, needle, from, to)) || seam.includes(needle),
    whole: () => (from < 0 ? head : head ? `${head} ${index.text.slice(from, to)}` : index.text.slice(from, to)),
  };
}
