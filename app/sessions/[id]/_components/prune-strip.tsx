import type { ProtectedRegion, PruneEvent } from "@/lib/engine/simulate/replay-events";
import { formatCount } from "@/app/_components/format-number";

/** A layer-1 prune the run did before this message's model call: how many parts, by whom, tokens freed. */
export function PruneStrip({ event }: { event: PruneEvent }) {
  const kinds = Object.entries(event.kinds)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(", ");
  return (
    <div data-testid="prune-strip" data-step={event.step} className="mx-3 my-1 flex flex-wrap items-center gap-2 rounded border border-rose-200 bg-rose-50 px-2 py-0.5 text-xs text-rose-900">
      <span className="font-semibold">✂ prune</span>
      <span>before call {event.step}</span>
      <span className="font-mono">{event.pruner}</span>
      <span>{kinds || `${event.parts} parts`}</span>
      <span className="ml-auto font-semibold tabular-nums">
        {formatCount(event.tokensBefore)} → {formatCount(event.tokensAfter)} tok (−{formatCount(event.tokensFreed)})
      </span>
      {event.protected && event.protected.length > 0 && <ProtectedList regions={event.protected} />}
    </div>
  );
}

/** What a prune or compaction left alone on purpose, one chip per rule (message numbers are session indexes). */
export function ProtectedList({ regions }: { regions: readonly ProtectedRegion[] }) {
  return (
    <span data-testid="protected-list" className="flex basis-full flex-wrap gap-1">
      {regions.map((region, index) => (
        <span key={index} data-testid="protected-chip" className="rounded border border-teal-200 bg-teal-50 px-1.5 font-medium text-teal-800">
          {region.kind === "tail"
            ? `protected: ${region.label} — from #${region.fromIndex}`
            : `${region.label} — ${region.parts.length} part${region.parts.length === 1 ? "" : "s"}`}
        </span>
      ))}
    </span>
  );
}
