export interface LedgerCall {
  /** the id used in the canonical session (see {@link createToolCallLedger}) */
  id: string;
  name: string;
}

export interface ToolCallLedger {
  /** Registers a call and returns the id to give its tool-call part. */
  addCall(sourceId: string, name: string): string;
  /** The most recent unanswered call with this source id, now marked answered; undefined when there is none. */
  answer(sourceId: string): LedgerCall | undefined;
  /** Calls never answered, in order. */
  unanswered(): LedgerCall[];
  /** How many calls reused an earlier call's id and were renamed. */
  renamedCount(): number;
}

/**
 * Links tool calls to their results while a session is read, for formats where results point at calls by id.
 *
 * Call ids are made unique within the session: real files reuse them (tau-bench's gpt-4o airline trajectories
 * repeat `call_…` ids across turns, which the OpenAI API tolerates because a tool message answers the calls of
 * the assistant message just before it). Strategies pair calls and results by id across the whole session, so
 * a reused id becomes `<id>#2`, `<id>#3`… and a result is matched to the most recent unanswered call with its
 * source id — the same rule the API applies.
 */
export function createToolCallLedger(): ToolCallLedger {
  const usesBySourceId = new Map<string, number>();
  const openBySourceId = new Map<string, LedgerCall[]>();
  const answered = new Set<LedgerCall>();
  const calls: LedgerCall[] = [];
  let renamed = 0;

  return {
    addCall(sourceId, name) {
      const uses = (usesBySourceId.get(sourceId) ?? 0) + 1;
      usesBySourceId.set(sourceId, uses);
      if (uses > 1) renamed++;
      const call = { id: uses === 1 ? sourceId : `${sourceId}#${uses}`, name };
      calls.push(call);
      openBySourceId.set(sourceId, [...(openBySourceId.get(sourceId) ?? []), call]);
      return call.id;
    },
    answer(sourceId) {
      const open = openBySourceId.get(sourceId);
      const call = open?.pop();
      if (call) answered.add(call);
      return call;
    },
    unanswered: () => calls.filter((call) => !answered.has(call)),
    renamedCount: () => renamed,
  };
}
