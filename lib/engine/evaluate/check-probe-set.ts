import type { Session } from "../model";
import { classifyMessages } from "../simulate/classify-messages";
import { compileUserProbePattern } from "./compile-user-probe-pattern";
import { messageText } from "./context-text";
import type { HandProbe } from "./hand-probe";

/** A probe's fact must first be stated within this share of the session… */
export const PROBE_FIRST_BY = 0.7;
/** …and be absent from this last share of it, so only a context that carried it across a compaction holds it. */
export const PROBE_ABSENT_FROM_LAST = 0.15;

export interface ProbeCheck {
  id: string;
  /** index of the first message a pattern matches; null when none does */
  firstIndex: number | null;
  /** indices in the last {@link PROBE_ABSENT_FROM_LAST} of the session that a pattern matches */
  lateIndices: number[];
  problem: string | null;
}

/**
 * Whether each hand-written probe fits the benchmark's rules on its session: some message states it (a pattern
 * matches the message's normalised text), the first one within the first {@link PROBE_FIRST_BY} of the messages, and
 * no message of the last {@link PROBE_ABSENT_FROM_LAST} holds it. Recorded compaction markers and summaries are not
 * searched (what an earlier compaction wrote is not the session's own); injected messages are, as the model read them. Pure.
 */
export function checkProbeSet(session: Session, probes: readonly HandProbe[]): ProbeCheck[] {
  const kinds = classifyMessages(session);
  const count = session.messages.length;
  const texts = session.messages.map((message, index) => (kinds[index] === "recorded-marker" || kinds[index] === "recorded-summary" ? "" : messageText(message)));
  const lateFrom = Math.floor(count * (1 - PROBE_ABSENT_FROM_LAST));
  return probes.map((probe) => {
    const patterns = probe.any.map(compileUserProbePattern);
    const matches = (index: number) => patterns.some((pattern) => pattern.test(texts[index]));
    let firstIndex: number | null = null;
    for (let index = 0; index < count && firstIndex === null; index++) if (matches(index)) firstIndex = index;
    const lateIndices: number[] = [];
    for (let index = lateFrom; index < count; index++) if (matches(index)) lateIndices.push(index);
    const problem =
      firstIndex === null
        ? "no message holds it"
        : firstIndex >= count * PROBE_FIRST_BY
          ? `first stated at message ${firstIndex} of ${count}, after the first ${PROBE_FIRST_BY * 100}%`
          : lateIndices.length > 0
            ? `stated again in the last ${PROBE_ABSENT_FROM_LAST * 100}% (messages ${lateIndices.join(", ")})`
            : null;
    return { id: probe.id, firstIndex, lateIndices, problem };
  });
}
