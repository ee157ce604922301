import { SESSION_EVENT_KINDS, type Session, type SessionEventKind } from "../model";

/**
 * For each of `callIndexes` (message indexes of model calls, in order), the settings recorded as changed since the
 * previous call: a setting whose value in force at the call differs from its value at the previous call. The value
 * in force is the last session event of its kind before the call's message. Only recorded events count: a call's own
 * `model` is not compared (Claude Code sends side calls to a small model between the main model's calls; each model
 * keeps its own cache, so those do not drop the main one). A setting changed and changed back between two calls (pi's thinking level cycled off → … → off) is
 * no change: the request sent is the same. A value first recorded between two calls counts as changed — the entry
 * says the agent set it — unless the value before is known and equal. The first call has no changes.
 */
export function settingChanges(session: Session, callIndexes: readonly number[]): SessionEventKind[][] {
  const events = session.meta.events ?? [];
  const indexOfId = new Map<string, number>();
  session.messages.forEach((message, index) => indexOfId.set(message.id, index));
  // events with their message index, in order; events after the last message apply to no call
  const placed = events.flatMap((event) => {
    const at = event.beforeMessageId !== undefined ? indexOfId.get(event.beforeMessageId) : undefined;
    return at === undefined ? [] : [{ ...event, at }];
  });
  const inForce: Partial<Record<SessionEventKind, string>> = {};
  let next = 0;
  let previous: Partial<Record<SessionEventKind, string>> | null = null;
  return callIndexes.map((callIndex) => {
    const setBetween = new Set<SessionEventKind>();
    while (next < placed.length && placed[next].at <= callIndex) {
      inForce[placed[next].kind] = placed[next].value;
      setBetween.add(placed[next].kind);
      next++;
    }
    const current: Partial<Record<SessionEventKind, string>> = { ...inForce };
    const changed: SessionEventKind[] = [];
    if (previous) {
      for (const kind of SESSION_EVENT_KINDS) {
        const before = previous[kind];
        const now = current[kind];
        if (now !== undefined && now !== before && (before !== undefined || setBetween.has(kind))) changed.push(kind);
      }
    }
    previous = current;
    return changed;
  });
}
