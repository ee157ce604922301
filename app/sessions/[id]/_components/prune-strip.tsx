import type { PruneEvent } from "@/lib/engine/simulate/replay-events";
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
    </div>
  );
}
