import type { Session } from "../model";
import { classifyMessages, type MessageKind } from "./classify-messages";

/**
 * The model calls of a session: the replay's steps (a run's `totalSteps`, the last valid `compactAtStep` + 1). A
 * call is what {@link classifyMessages} calls one — an assistant message not directly after another, recorded
 * compactions aside — so this count and the replay's step numbers always agree. Takes the kinds when the caller
 * has them already, so a session is classified once.
 */
export function countModelCalls(session: Session | readonly MessageKind[]): number {
  const kinds = Array.isArray(session) ? (session as readonly MessageKind[]) : classifyMessages(session as Session);
  let calls = 0;
  for (const kind of kinds) if (kind === "call") calls++;
  return calls;
}
