import type { Message, PartMark, Session } from "../model";
import { renderMarkedPart } from "../prune/render-marked-part";
import type { SyntheticPurpose } from "../strategies/strategy";
import type { ReplayResult } from "./replay-result";

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

function snapshotMessages(options: {
  session: Session;
  result: ReplayResult;
  epoch: number;
  length: number;
  atStep: number;
}): ContextMessage[] {
  const marksByMessage = marksByMessageOf(options.result);
  const rendered = renderedMessagesOf(options.result);
  return options.result.epochs[options.epoch].entries.slice(0, options.length).map((entry) => {
    const stored = entry.kind === "original" ? options.session.messages[entry.index] : entry.message;
    const marks: Record<number, PartMark> = {};
    let key = "";
    const records = marksByMessage.get(stored.id);
    if (records) {
      // the mark in force on each part: the last record for it stamped at or before the step (a later record replaces an earlier one)
      const inForce = new Map<number, number>();
      for (const record of records) if (options.result.marks[record].mark.step <= options.atStep) inForce.set(options.result.marks[record].partIndex, record);
      for (let index = 0; index < stored.parts.length; index++) {
        const record = inForce.get(index);
        if (record === undefined) continue;
        marks[index] = options.result.marks[record].mark;
        key += `${index}:${record},`;
      }
    }
    return {
      message: key ? markedMessage(rendered, stored, key, marks) : stored,
      sessionIndex: entry.kind === "original" ? entry.index : null,
      purpose: entry.kind === "synthetic" ? entry.purpose : null,
      marks,
    };
  });
}

/**
 * The indexes into `result.marks` of each message's records, ascending, built once per replay result (a speed
 * cache: a snapshot then reads only the marks of the messages it holds, not every mark of the run at every point).
 */
const marksByMessageByResult = new WeakMap<ReplayResult, { marks: number; byMessage: Map<string, number[]> }>();

function marksByMessageOf(result: ReplayResult): Map<string, number[]> {
  const known = marksByMessageByResult.get(result);
  // rebuilt if the result gained marks since (a result read while it is still being written)
  if (known && known.marks === result.marks.length) return known.byMessage;
  const byMessage = new Map<string, number[]>();
  for (const [index, record] of result.marks.entries()) {
    const records = byMessage.get(record.messageId);
    if (records) records.push(index);
    else byMessage.set(record.messageId, [index]);
  }
  marksByMessageByResult.set(result, { marks: result.marks.length, byMessage });
  return byMessage;
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
