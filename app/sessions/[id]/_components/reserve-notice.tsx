import type { ReserveWarning } from "@/lib/engine/strategies/reserve-warning";

/**
 * Says in words when the window is no larger than the strategy's output + buffer reserve (claude-code's 33,000 on a
 * 30K window), rather than leaving a negative trigger to explain itself: the strategy then compacts before every call.
 */
export function ReserveNotice({ warning }: { warning: ReserveWarning | null }) {
  if (!warning) return null;
  return (
    <p role="alert" data-testid="reserve-warning" className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900">
      {warning.message}
    </p>
  );
}
