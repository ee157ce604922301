import type { ContextEpoch, ReplayResult } from "../engine/simulate/replay-result";
import type { ReplayEvent } from "../engine/simulate/replay-events";
import type { EvidenceLedger, LedgerKind } from "../engine/strategies/evidence/ledger";

/** Summary characters the timeline view keeps: what the pivot card renders before "load the full summary". */
export const TIMELINE_SUMMARY_CHARS = 12_000;

/**
 * A run's result for the timeline: the same steps, events, marks and epoch layout, with each compaction's
 * summary and each synthetic context message cut to `maxChars` — a compaction-end then also carries
 * `summaryChars`, the full length. Summaries are most of a long run's size (an extractive summary that grows
 * with every compaction made a 2,000-message opencode run 38 MB, of which the timeline draws none but the
 * open cards'); the full text stays one request away (GET /api/runs/:id, or the context at the pivot's step).
 * Never mutates `result`; a result with nothing to cut comes back as is.
 */
export function slimRunResult(result: ReplayResult, maxChars: number = TIMELINE_SUMMARY_CHARS): ReplayResult {
  const events = result.events.map((event) => slimReplayEvent(event, maxChars));
  const epochs = result.epochs.map((epoch): ContextEpoch => {
    if (!epoch.entries.some((entry) => entry.kind === "synthetic" && isLong(entry.message.parts, maxChars))) return epoch;
    return {
      ...epoch,
      entries: epoch.entries.map((entry) =>
        entry.kind === "synthetic" && isLong(entry.message.parts, maxChars)
          ? {
              ...entry,
              message: {
                ...entry.message,
                parts: entry.message.parts.map((part) => (part.type === "text" && part.text.length > maxChars ? { ...part, text: part.text.slice(0, maxChars) } : part)),
              },
            }
          : entry,
      ),
    };
  });
  return { ...result, events, epochs };
}

/**
 * One event as the timeline view and the run stream carry it: a compaction-end whose summary is longer than
 * `maxChars` comes back with the summary cut and `summaryChars`, the full length — the flag that it was cut
 * (present only then, so `summaryChars > summary.length` always holds). Any other event, and a short or null
 * summary, is returned as is (the same object).
 */
export function slimReplayEvent(event: ReplayEvent, maxChars: number = TIMELINE_SUMMARY_CHARS): ReplayEvent {
  const slim = slimLedger(event);
  if (slim.type !== "compaction-end" || slim.summary === null || slim.summary.length <= maxChars) return slim;
  return { ...slim, summary: slim.summary.slice(0, maxChars), summaryChars: slim.summary.length } as ReplayEvent;
}

/**
 * The evidence strategy's ledger (`details.evidence`, up to 15% of the window per compaction) is replaced by its
 * counts, {@link LedgerCounts}, in `ledgerCounts`: the pivot card shows them, and the ledger itself is in the
 * context the model is sent at the pivot's step. The same object when there is no ledger.
 */
function slimLedger(event: ReplayEvent): ReplayEvent {
  if ((event.type !== "compaction-end" && event.type !== "trim") || !event.details?.evidence) return event;
  const { evidence, ...details } = event.details;
  return { ...event, details, ledgerCounts: ledgerCounts(evidence) } as unknown as ReplayEvent;
}

export type LedgerCounts = Partial<Record<LedgerKind, number>> & { messagesRead: number; evicted: number };

export function ledgerCounts(ledger: EvidenceLedger): LedgerCounts {
  const counts: LedgerCounts = { messagesRead: ledger.messagesRead, evicted: ledger.evicted };
  for (const entry of ledger.entries) counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
  return counts;
}

function isLong(parts: readonly { type: string; text?: string }[], maxChars: number): boolean {
  return parts.some((part) => part.type === "text" && (part.text?.length ?? 0) > maxChars);
}
