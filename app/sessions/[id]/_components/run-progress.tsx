"use client";

import { formatCount } from "@/app/_components/format-number";
import type { RunStreamState } from "./use-run-stream";

/** A run in flight or just ended: a progress bar from the stream's progress lines, and the live event log. */
export function RunProgress({ state, onCancel }: { state: RunStreamState; onCancel: () => void }) {
  if (state.phase === "idle") return null;
  const running = state.phase === "starting" || state.phase === "running";
  const percent = state.totalSteps > 0 ? Math.min(100, Math.round((state.step / state.totalSteps) * 100)) : 0;
  const degraded = state.phase === "done" && state.run?.status === "degraded";
  const tone =
    degraded ? "bg-amber-500" : state.phase === "done" ? "bg-emerald-500" : state.phase === "failed" ? "bg-red-500" : state.phase === "cancelled" ? "bg-slate-400" : "bg-violet-600";
  return (
    <div data-testid="run-progress" data-phase={degraded ? "degraded" : state.phase} className="space-y-1.5 rounded-md border border-slate-200 bg-white px-3 py-2">
      <div className="flex items-center gap-2 text-xs">
        <span className="font-semibold text-slate-800">
          {running && state.queued ? "Queued" : state.phase === "starting" ? "Starting…" : state.phase === "running" ? "Running" : degraded ? "Done, degraded" : state.phase === "done" ? "Done" : state.phase === "failed" ? "Failed" : "Cancelled"}
        </span>
        {running && state.queued ? (
          <span data-testid="run-queued" className="tabular-nums text-amber-800">
            waiting for a worker: position {state.queued.position} in the queue — each worker process replays {state.queued.limit} at a time (WORKER_CONCURRENCY)
          </span>
        ) : (
          <span className="tabular-nums text-slate-500">
            step {formatCount(state.step)} / {formatCount(state.totalSteps)} · {formatCount(state.eventCount)} events
          </span>
        )}
        {running && (
          <button type="button" data-testid="run-cancel" onClick={onCancel} disabled={state.cancelling || !state.runId} className="ml-auto rounded border border-slate-300 px-2 py-0.5 font-medium hover:bg-slate-100 disabled:opacity-50">
            {state.cancelling ? "cancelling…" : "Cancel"}
          </button>
        )}
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <div className={`h-full rounded-full transition-[width] duration-200 ${tone}`} style={{ width: `${state.phase === "done" ? 100 : percent}%` }} />
      </div>
      {degraded && state.run?.error && (
        <div data-testid="run-degraded" className="text-xs text-amber-800">
          {state.run.error}
        </div>
      )}
      {state.error && (
        <div data-testid="run-error" className="text-xs text-red-700">
          {state.error.code}: {state.error.message}
        </div>
      )}
      {state.events.length > 0 && (
        <ol data-testid="run-log" tabIndex={0} aria-label="Run log" className="max-h-32 space-y-px overflow-auto font-mono text-[11px] leading-4 text-slate-600">
          {state.events.slice(-40).map((event, index) => (
            <li key={state.eventCount - index} className="truncate">
              <span className="text-slate-500">{String(event.step ?? "")}</span> <span className={eventTone(String(event.type))}>{String(event.type)}</span> {describeEvent(event)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function eventTone(type: string): string {
  if (type.startsWith("compaction")) return "font-semibold text-fuchsia-700";
  if (type === "prune") return "text-rose-700";
  if (type === "overflow" || type === "over-budget" || type === "fallback") return "text-red-700";
  return "text-slate-700";
}

function describeEvent(event: Record<string, unknown>): string {
  const number = (key: string) => (typeof event[key] === "number" ? formatCount(event[key] as number) : "?");
  switch (event.type) {
    case "prune":
      return `${String(event.pruner ?? "")} ${number("parts")} parts −${number("tokensFreed")}`;
    case "compaction-start":
      return String(event.reason ?? "");
    case "compaction-end":
    case "trim":
      return `${number("tokensBefore")} → ${number("tokensAfter")}`;
    default:
      return String(event.message ?? event.reason ?? "");
  }
}
