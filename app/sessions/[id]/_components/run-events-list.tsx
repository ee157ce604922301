"use client";

import { useState } from "react";
import { formatCount, plural } from "@/app/_components/format-number";
import type { RunMarker } from "./run-chart-data";

/**
 * Every compaction, trim and prune of the run as a list of buttons, each opening its step (and scrolling the
 * timeline to it): the chart draws at most a few dozen markers at a time, this reaches all of them, by keyboard
 * too. The rows are only built while the list is open.
 */
export function RunEventsList({ markers, onOpen }: { markers: readonly RunMarker[]; onOpen: (marker: RunMarker) => void }) {
  const [open, setOpen] = useState(false);
  if (markers.length === 0) return null;
  const counts = { compaction: 0, prune: 0, trim: 0 };
  for (const marker of markers) counts[marker.kind]++;
  const parts = [plural(counts.compaction, "compaction"), counts.trim > 0 ? plural(counts.trim, "trim") : null, counts.prune > 0 ? plural(counts.prune, "prune") : null].filter(Boolean);
  return (
    <details data-testid="run-events" className="px-2 pb-1 text-xs text-slate-700" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Every event of the run ({parts.join(", ")})</summary>
      {open && (
        <ol className="mt-1 max-h-56 overflow-y-auto rounded border border-slate-200 bg-slate-50 p-1">
          {markers.map((marker, index) => (
            <li key={index}>
              <button
                type="button"
                data-testid="run-event"
                data-step={marker.step}
                data-kind={marker.kind}
                onClick={() => onOpen(marker)}
                className="w-full rounded px-1 text-left tabular-nums hover:bg-white focus-visible:outline-2 focus-visible:outline-violet-600"
              >
                step {formatCount(marker.step)} · message #{formatCount(marker.messageIndex)} · {marker.label}
              </button>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
