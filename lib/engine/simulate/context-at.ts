import type { Message, PartMark, Session } from "../model";
import { renderMarkedPart } from "../prune/render-marked-part";
import type { SyntheticPurpose } from "../strategies/strategy";
import { partKey } from "./part-key";
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
 * at or before it. O(context + marks); meant for the UI and exports, not for the replay's hot path.
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
  const marksInForce = new Map<string, PartMark>();
  for (const record of options.result.marks) {
    if (record.mark.step <= options.atStep) marksInForce.set(partKey(record.messageId, record.partIndex), record.mark);
  }
  return options.result.epochs[options.epoch].entries.slice(0, options.length).map((entry) => {
    const stored = entry.kind === "original" ? options.session.messages[entry.index] : entry.message;
    const marks: Record<number, PartMark> = {};
    let changed = false;
    const parts = stored.parts.map((part, index) => {
      const mark = marksInForce.get(partKey(stored.id, index));
      if (!mark) return part;
      marks[index] = mark;
      changed = true;
      return renderMarkedPart(part, mark);
    });
    return {
      message: changed ? { ...stored, parts } : stored,
      sessionIndex: entry.kind === "original" ? entry.index : null,
      purpose: entry.kind === "synthetic" ? entry.purpose : null,
      marks,
    };
  });
}
