"use client";

import type { IdleStrategies } from "@/lib/client/idle-strategies";
import { formatCount } from "@/app/_components/format-number";

/**
 * Says plainly when most strategies of a comparison never triggered (they tie with `none`), and offers to run the
 * same comparison again at a window the session overflows.
 */
export function IdleStrategiesHint({ hint, onTryWindow, disabled }: { hint: IdleStrategies; onTryWindow: (window: number) => void; disabled: boolean }) {
  return (
    <div role="status" data-testid="idle-strategies-hint" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p>
        <strong>
          {hint.idle.length} of {hint.compared} strategies never triggered
        </strong>{" "}
        at a {formatCount(hint.window)}-token window: this session&apos;s context peaks at {formatCount(hint.peak)} tokens, under their thresholds,
        so their figures tie with no compaction at all.
      </p>
      <p className="text-xs text-amber-900">Never triggered: {hint.idle.join(", ")}.</p>
      {hint.suggestedWindow !== null && (
        <button
          type="button"
          data-testid="try-smaller-window"
          disabled={disabled}
          onClick={() => onTryWindow(hint.suggestedWindow!)}
          className="rounded border border-amber-500 bg-white px-2 py-0.5 text-xs font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-50"
        >
          Try a smaller window: {formatCount(hint.suggestedWindow)} tokens (half the peak) and run again
        </button>
      )}
    </div>
  );
}
