import type { Message, PartMark, Session } from "../model";
import { renderMarkedPart } from "../prune/render-marked-part";
import type { SyntheticPurpose } from "../strategies/strategy";
import type { ContextEntry, ReplayResult } from "./replay-result";

export interface ContextMessage {
  /** the message as the model sees it (marks applied; the session's own object when unmarked) */
  message: Message;
  /** index in session.messages, null for a synthetic message */
  sessionIndex: number | null;
  purpose: SyntheticPurpose | null;
  /** the mark in force on each part, by part index */
  marks: Record<number, PartMark>;
}

export interface ContextSnapshot {
  /** the step whose context this is, or "final" (after the session's last message) */
  step: number | "final";
  messages: ContextMessage[];
  contextTokens: number;
}

/**
 * What the model was sent at model call `step` of a replay: the step's epoch prefix with the marks stamped
 * at or before it. O(context + the marks of its messages); meant for the UI and exports, not for the replay's hot path.
 * Throws a RangeError for a step the replay did not reach.
 */
export function contextAt(session: Session, result: ReplayResult, step: number): ContextSnapshot {
  const record = result.steps[step];
  if (!record) throw new RangeError(`step ${step} is out of range (the replay has ${result.steps.length} steps)`);
  return {
    step,
    messages: snapshotMessages({ session, result, epoch: record.epoch, length: record.length, atStep: step }),
    contextTokens: record.contextTokens,
  };
}

/** The context after the session's last message: what a next model call would be sent. */
export function finalContext(session: Session, result: ReplayResult): ContextSnapshot {
  return {
    step: "final",
    messages: snapshotMessages({ session, result, epoch: result.final.epoch, length: result.final.length, atStep: Infinity }),
    contextTokens: result.final.contextTokens,
  };
}

/** A replayed context as a Session (messages as sent), for exporters such as `exportAnthropic`. */
export function contextAsSession(session: Session, snapshot: ContextSnapshot, title?: string): Session {
  return {
    title: title ?? `${session.title} (replayed context)`,
    format: session.format,
    meta: session.meta,
    messages: snapshot.messages.map((entry) => entry.message),
  };
}

/**
 * Visits the messages model call `step` was sent ("final": the context after the session's last message), in order,
 * without building a snapshot: the same message objects as {@link contextAt}'s (marks applied, the session's own
 * object when unmarked) and their index in session.messages (null for a synthetic message). A message's marks in
 * force are found from its records' steps, once per message and state, not once per message and context. Throws a
 * RangeError for a step the replay did not reach.
 */
export function forEachContextMessage(session: Session, result: ReplayResult, step: number | "final", visit: (message: Message, sessionIndex: number | null) => void): void {
  const { epoch, length, atStep } = placeOf(result, step);
  const versions = messageVersions(session, result);
  const entries = result.epochs[epoch].entries;
  for (let at = 0; at < length; at++) visit(versions.at(entries[at], atStep), sessionIndexOf(entries[at]));
}

/** What changes between two contexts a {@link followContexts} reader asks for; `add` and `remove` get {@link forEachContextMessage}'s messages. */
export interface ContextChanges {
  add(message: Message, sessionIndex: number | null): void;
  remove(message: Message, sessionIndex: number | null): void;
}

/**
 * A reader of a run's contexts in step order that is told only what changed since the context it read last: the
 * messages appended since (the next context of an epoch is a longer prefix of it) and, for a message already there
 * whose marks changed in between, its old version removed and its new one added. It returns "whole" when it
 * started over (the first context, another epoch, an earlier step): every message was added, and the reader must
 * have cleared what it kept. A reader that keeps a count per message (the recall scorer: per fact) then reads each
 * message once per version instead of once per context: O(session + marks) over a run, where reading every context
 * whole is O(contexts × context). Steps as {@link forEachContextMessage}.
 */
export function followContexts(session: Session, result: ReplayResult): (step: number | "final", changes: ContextChanges) => "whole" | "changes" {
  const versions = messageVersions(session, result);
  // the records by step (then by index): the marks stamped between two steps are one range of it
  const byStep = result.marks.map((_, index) => index).sort((a, b) => result.marks[a].mark.step - result.marks[b].mark.step || a - b);
  const stepOf = (order: number) => result.marks[byStep[order]].mark.step;
  /** the first record of `byStep` stamped after `atStep` */
  const after = (atStep: number) => {
    let low = 0;
    let high = byStep.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (stepOf(middle) <= atStep) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const positionsByEpoch = new Map<number, Map<string, number[]>>();
  const { byMessage } = markIndexOf(result);
  const originalRecords = recordsOfOriginals(session, result);
  /** where each message with marks sits in an epoch (only those are asked for), by id */
  const positionsOf = (epoch: number) => {
    let positions = positionsByEpoch.get(epoch);
    if (!positions) {
      positions = new Map();
      const entries = result.epochs[epoch].entries;
      for (let at = 0; at < entries.length; at++) {
        const entry = entries[at];
        if (entry.kind === "original" ? originalRecords[entry.index] === undefined : !byMessage.has(entry.message.id)) continue;
        const id = (entry.kind === "original" ? session.messages[entry.index] : entry.message).id;
        const known = positions.get(id);
        if (known) known.push(at);
        else positions.set(id, [at]);
      }
      positionsByEpoch.set(epoch, positions);
    }
    return positions;
  };
  let last: { epoch: number; length: number; atStep: number } | null = null;
  return (step, changes) => {
    const place = placeOf(result, step);
    const entries = result.epochs[place.epoch].entries;
    const whole = last === null || last.epoch !== place.epoch || last.atStep > place.atStep || last.length > place.length;
    const from = whole ? 0 : last!.length;
    if (!whole && byStep.length > 0) {
      // messages already in the context whose marks changed since: the records stamped after the last step, up to this one
      const positions = positionsOf(place.epoch);
      const changed = new Set<number>();
      for (let order = after(last!.atStep), end = after(place.atStep); order < end; order++) {
        for (const at of positions.get(result.marks[byStep[order]].messageId) ?? []) if (at < from) changed.add(at);
      }
      for (const at of [...changed].sort((a, b) => a - b)) {
        const before = versions.at(entries[at], last!.atStep);
        const now = versions.at(entries[at], place.atStep);
        if (before === now) continue;
        changes.remove(before, sessionIndexOf(entries[at]));
        changes.add(now, sessionIndexOf(entries[at]));
      }
    }
    for (let at = from; at < place.length; at++) changes.add(versions.at(entries[at], place.atStep), sessionIndexOf(entries[at]));
    last = place;
    return whole ? "whole" : "changes";
  };
}

function placeOf(result: ReplayResult, step: number | "final"): { epoch: number; length: number; atStep: number } {
  if (step === "final") return { epoch: result.final.epoch, length: result.final.length, atStep: Infinity };
  const record = result.steps[step];
  if (!record) throw new RangeError(`step ${step} is out of range (the replay has ${result.steps.length} steps)`);
  return { epoch: record.epoch, length: record.length, atStep: step };
}

function sessionIndexOf(entry: ContextEntry): number | null {
  return entry.kind === "original" ? entry.index : null;
}

/**
 * An entry's message as the model saw it at a step: the session's own object when no mark is in force, else the
 * marked one {@link contextAt} builds (the same object). Each message's versions are kept by state: its records'
 * distinct steps, ascending; at state k the records stamped at the first k of them are in force.
 */
function messageVersions(session: Session, result: ReplayResult): { at(entry: ContextEntry, atStep: number): Message } {
  const index = markIndexOf(result);
  const originalRecords = recordsOfOriginals(session, result);
  const rendered = renderedMessagesOf(result);
  return {
    at(entry, atStep) {
      const stored = entry.kind === "original" ? session.messages[entry.index] : entry.message;
      const records = entry.kind === "original" ? originalRecords[entry.index] : index.byMessage.get(stored.id);
      if (!records) return stored;
      let states = index.states.get(stored);
      if (!states) {
        const steps = [...new Set(records.map((record) => result.marks[record].mark.step))].sort((a, b) => a - b);
        states = { steps, messages: new Array<Message | undefined>(steps.length + 1) };
        index.states.set(stored, states);
      }
      let state = 0;
      while (state < states.steps.length && states.steps[state] <= atStep) state++;
      let message = states.messages[state];
      if (!message) {
        const inForce = marksInForce({ result, records, stored, atStep: state === 0 ? -Infinity : states.steps[state - 1] });
        message = inForce.key ? markedMessage(rendered, stored, inForce.key, inForce.marks) : stored;
        states.messages[state] = message;
      }
      return message;
    },
  };
}

function snapshotMessages(options: {
  session: Session;
  result: ReplayResult;
  epoch: number;
  length: number;
  atStep: number;
}): ContextMessage[] {
  const marksByMessage = markIndexOf(options.result).byMessage;
  const rendered = renderedMessagesOf(options.result);
  return options.result.epochs[options.epoch].entries.slice(0, options.length).map((entry) => {
    const stored = entry.kind === "original" ? options.session.messages[entry.index] : entry.message;
    const records = marksByMessage.get(stored.id);
    const { key, marks } = records ? marksInForce({ result: options.result, records, stored, atStep: options.atStep }) : { key: "", marks: {} };
    return {
      message: key ? markedMessage(rendered, stored, key, marks) : stored,
      sessionIndex: entry.kind === "original" ? entry.index : null,
      purpose: entry.kind === "synthetic" ? entry.purpose : null,
      marks,
    };
  });
}

/**
 * The mark in force on each part of a message at a step: the last of its records for the part stamped at or before
 * the step (a later record replaces an earlier one), and a key naming them (empty when none is).
 */
function marksInForce(options: { result: ReplayResult; records: readonly number[]; stored: Message; atStep: number }): { key: string; marks: Record<number, PartMark> } {
  const { result, records, stored, atStep } = options;
  const marks: Record<number, PartMark> = {};
  let key = "";
  const inForce = new Map<number, number>();
  for (const record of records) if (result.marks[record].mark.step <= atStep) inForce.set(result.marks[record].partIndex, record);
  for (let index = 0; index < stored.parts.length; index++) {
    const record = inForce.get(index);
    if (record === undefined) continue;
    marks[index] = result.marks[record].mark;
    key += `${index}:${record},`;
  }
  return { key, marks };
}

/** A message's marked versions by state: its records' distinct steps, ascending, and the message at each state (k: the records of the first k steps in force). */
interface MarkStates {
  steps: number[];
  messages: (Message | undefined)[];
}

/**
 * The indexes into `result.marks` of each message's records, ascending, built once per replay result (a speed
 * cache: a snapshot then reads only the marks of the messages it holds, not every mark of the run at every point),
 * and each marked message's states for {@link forEachContextMessage}.
 */
const markIndexByResult = new WeakMap<ReplayResult, MarkIndex>();

interface MarkIndex {
  marks: number;
  byMessage: Map<string, number[]>;
  states: WeakMap<Message, MarkStates>;
  /** `byMessage` of each session message, by its index (see {@link recordsOfOriginals}) */
  bySession: WeakMap<Session, readonly (number[] | undefined)[]>;
}

function markIndexOf(result: ReplayResult): MarkIndex {
  const known = markIndexByResult.get(result);
  // rebuilt if the result gained marks since (a result read while it is still being written)
  if (known && known.marks === result.marks.length) return known;
  const byMessage = new Map<string, number[]>();
  for (const [index, record] of result.marks.entries()) {
    const records = byMessage.get(record.messageId);
    if (records) records.push(index);
    else byMessage.set(record.messageId, [index]);
  }
  const index = { marks: result.marks.length, byMessage, states: new WeakMap<Message, MarkStates>(), bySession: new WeakMap() };
  markIndexByResult.set(result, index);
  return index;
}

/**
 * The mark records of each session message (`byMessage` of its id), by session index: a context's original entries
 * are read by index, without hashing an id per entry per context (a speed cache, built once per result and session).
 */
function recordsOfOriginals(session: Session, result: ReplayResult): readonly (number[] | undefined)[] {
  const index = markIndexOf(result);
  let records = index.bySession.get(session);
  if (!records) {
    const byIndex = new Array<number[] | undefined>(session.messages.length);
    if (index.byMessage.size > 0) for (let at = 0; at < session.messages.length; at++) byIndex[at] = index.byMessage.get(session.messages[at].id);
    records = byIndex;
    index.bySession.set(session, records);
  }
  return records;
}

/**
 * A message with its marks applied, built once per (message, marks in force) of a replay result and then shared by
 * every snapshot of that result (a speed cache: the same marked message is the same object at each step, so what
 * reads snapshots — the scorers — can remember their work per message).
 */
const renderedByResult = new WeakMap<ReplayResult, WeakMap<Message, Map<string, Message>>>();

function renderedMessagesOf(result: ReplayResult): WeakMap<Message, Map<string, Message>> {
  let rendered = renderedByResult.get(result);
  if (!rendered) {
    rendered = new WeakMap();
    renderedByResult.set(result, rendered);
  }
  return rendered;
}

function markedMessage(rendered: WeakMap<Message, Map<string, Message>>, stored: Message, key: string, marks: Record<number, PartMark>): Message {
  let byMarks = rendered.get(stored);
  if (!byMarks) {
    byMarks = new Map();
    rendered.set(stored, byMarks);
  }
  let message = byMarks.get(key);
  if (!message) {
    message = { ...stored, parts: stored.parts.map((part, index) => (marks[index] ? renderMarkedPart(part, marks[index]) : part)) };
    byMarks.set(key, message);
  }
  return message;
}
