"use client";

import { scaleThresholds, thresholdWarnings } from "@/lib/engine/strategies/fixed-thresholds";

/**
 * Says up front when the strategy's fixed threshold (from a source written for a 200K model) is at or above the
 * replay's window, so it would never fire, and offers the explicit fix: scale it to this window at the source's
 * ratio. The seed's number stays the default; nothing changes until the user chooses.
 */
export function ThresholdWarning({
  strategyId,
  settings,
  window,
  onScale,
}: {
  strategyId: string;
  settings: Record<string, unknown>;
  window: number;
  onScale: (settings: Record<string, unknown>) => void;
}) {
  const warnings = thresholdWarnings(strategyId, settings, window);
  if (warnings.length === 0) return null;
  return (
    <div role="alert" data-testid="threshold-warning" className="space-y-1.5 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
      {warnings.map((warning) => (
        <p key={warning.setting}>{warning.message}</p>
      ))}
      <button
        type="button"
        data-testid="scale-thresholds"
        onClick={() => onScale(scaleThresholds(strategyId, settings, window))}
        className="rounded border border-amber-400 bg-white px-2 py-0.5 font-medium hover:bg-amber-100"
      >
        Scale thresholds to this window
      </button>
    </div>
  );
}
