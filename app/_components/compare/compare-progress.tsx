"use client";

import { useRef } from "react";
import { formatCount } from "@/app/_components/format-number";
import { overallProgress, type CompareEntry, type CompareState } from "@/lib/client/compare-state";

const PHASE_TONE: Record<CompareEntry["phase"], string> = {
  waiting: "text-slate-500",
  running: "text-violet-700",
  done: "text-emerald-700",
  failed: "text-red-700",
  cancelled: "text-amber-700",
};

/**
 * Progress of a comparison: the overall bar, Cancel, and one bar with its step count per configuration (× session).
 * A configuration that failed says why in its line; the others keep going. `labelOf` names an entry (the
 * multi-session view prefixes the session).
 */
export function CompareProgress({ state, onCancel, labelOf }: { state: CompareState; onCancel: () => void; labelOf?: (entry: CompareEntry) => string }) {
  if (state.phase === "idle") return null;
  const overall = overallProgress(state);
  const share = overall.total > 0 ? Math.min(1, overall.done / overall.total) : state.phase === "done" ? 1 : 0;
  const running = state.phase === "starting" || state.phase === "running";
  const finishedCount = state.entries.filter((entry) => entry.phase === "done" || entry.phase === "failed").length;
  const eta = useEta(running ? share : null);
  return (
    <section data-testid="compare-progress" data-phase={state.phase} aria-label="Progress" className="space-y-2 rounded-lg border border-slate-200 bg-white p-2 text-xs shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-800">
          {state.phase === "starting" && !state.queued && "Starting…"}
          {running && state.queued && (
            <span data-testid="compare-queued" className="text-amber-800">
              Queued: its first job is at position {state.queued.position} — each worker process replays {state.queued.limit} at a time (WORKER_CONCURRENCY)
            </span>
          )}
          {state.phase === "running" && !state.queued && `Running: ${finishedCount} of ${state.entries.length} done`}
          {state.phase === "running" && eta !== null && <span className="ml-1 font-normal tabular-nums text-slate-500" data-testid="compare-eta">· about {formatDuration(eta)} left</span>}
          {state.phase === "done" && `Done: ${state.finished?.rows ?? finishedCount} rows${state.finished?.failed ? `, ${state.finished.failed} failed` : ""}${state.finished?.cancelled ? `, ${state.finished.cancelled} cancelled` : ""}`}
          {state.phase === "cancelled" && "Cancelled"}
          {state.phase === "failed" && "Failed"}
        </span>
        <div
          role="progressbar"
          aria-label="Overall progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          className="h-2 min-w-40 flex-1 overflow-hidden rounded bg-slate-100"
        >
          <div className={`h-full ${state.phase === "failed" ? "bg-red-500" : state.phase === "cancelled" ? "bg-amber-500" : "bg-violet-600"}`} style={{ width: `${share * 100}%` }} />
        </div>
        <span className="tabular-nums text-slate-500" data-testid="compare-progress-steps">
          {formatCount(overall.done)} / {formatCount(overall.total)} steps
        </span>
        {running && (
          <button type="button" data-testid="compare-cancel" disabled={state.cancelling} onClick={onCancel} className="rounded border border-red-300 bg-white px-2 py-0.5 font-medium text-red-700 hover:bg-red-50 disabled:opacity-50">
            {state.cancelling ? "Cancelling…" : "Cancel"}
          </button>
        )}
      </div>
      {state.entries.length > 0 && (
        <ol className="grid gap-x-4 gap-y-1 md:grid-cols-2">
          {state.entries.map((entry) => {
            const entryShare = entry.phase === "done" ? 1 : entry.totalSteps > 0 ? entry.step / entry.totalSteps : 0;
            return (
              <li key={entry.key} data-testid="config-progress" data-phase={entry.phase} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-2">
                <span className="truncate font-medium text-slate-700" title={labelOf ? labelOf(entry) : entry.label}>
                  {labelOf ? labelOf(entry) : entry.label}
                </span>
                <div role="progressbar" aria-label={`${entry.label} progress`} aria-valuemin={0} aria-valuemax={entry.totalSteps} aria-valuenow={entry.step} className="h-1.5 overflow-hidden rounded bg-slate-100">
                  <div className={`h-full ${entry.phase === "failed" ? "bg-red-500" : entry.phase === "done" ? "bg-emerald-500" : "bg-violet-500"}`} style={{ width: `${entryShare * 100}%` }} />
                </div>
                <span className={`tabular-nums ${PHASE_TONE[entry.phase]}`}>
                  {entry.phase === "waiting" ? "waiting" : entry.phase === "cancelled" ? "not finished" : `${formatCount(entry.phase === "done" ? entry.totalSteps : entry.step)} / ${formatCount(entry.totalSteps)}`}
                </span>
                {entry.error && (
                  <span data-testid="config-progress-error" className="col-span-3 break-words text-red-700">
                    {entry.error.message}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * Seconds left at the pace seen so far: from the first moment this page saw the comparison under way (a reload
 * starts afresh), once 2% is done and 3 s have passed; null otherwise.
 */
function useEta(share: number | null): number | null {
  const first = useRef<{ at: number; share: number } | null>(null);
  if (share === null) {
    first.current = null;
    return null;
  }
  const now = Date.now();
  first.current ??= { at: now, share };
  const elapsed = (now - first.current.at) / 1_000;
  const progressed = share - first.current.share;
  if (progressed < 0.02 || elapsed < 3) return null;
  return Math.max(0, ((1 - share) * elapsed) / progressed);
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3_600) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3_600).toFixed(1)} h`;
}
