import type { Session } from "../model";
import { LiveContext } from "../simulate/live-context";
import type { MarkRequest } from "../strategies/strategy";
import { createChars4Estimator } from "../tokens/chars4-estimator";

/** A live context holding every message of `session` (chars/4), for testing pruners and cut helpers. */
export function liveContextOf(session: Session): LiveContext {
  const live = new LiveContext(session, createChars4Estimator());
  session.messages.forEach((_, index) => live.append(index));
  return live;
}

/** Applies a pruner's marks at `step`, as the replay does. */
export function applyMarks(live: LiveContext, marks: readonly MarkRequest[], step = 0): void {
  for (const request of marks) live.mark(request.position, request.partIndex, { ...request.mark, step } as never);
}

/** `"kind@messageId"` for each mark, to compare in table tests. */
export function describeMarks(live: LiveContext, marks: readonly MarkRequest[]): string[] {
  return marks.map((request) => `${request.mark.kind}@${live.entry(request.position).message.id}`);
}
