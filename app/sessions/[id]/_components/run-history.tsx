"use client";

import { formatShare } from "@/lib/client/retention-colour";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { RunSummary } from "@/lib/api/contracts/run-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { fetchNoContent } from "@/lib/client/fetch-json";
import { runKeys } from "@/lib/query-hooks/run-queries";
import { formatCount, formatDateTime, formatUsd, plural } from "@/app/_components/format-number";
import { percentChange } from "./build-run-overlay";

/**
 * The session's runs, newest first: strategy, what changed from its defaults, before → after, compactions,
 * summarizer tokens and cost. Open one to draw it over the timeline; compare it with the run before it.
 */
export function RunHistory({
  sessionId,
  runs,
  selectedId,
  compareId,
  onOpen,
  onCompare,
  onRerun,
  defaultsById,
}: {
  sessionId: string;
  /** each strategy's defaults, so a row lists only the settings the run changed */
  defaultsById: ReadonlyMap<string, Record<string, unknown>>;
  runs: RunSummary[];
  selectedId: string | null;
  compareId: string | null;
  onOpen: (runId: string | null) => void;
  onCompare: (runId: string, previousId: string | null) => void;
  /** replays an interrupted run's settings as a new run */
  onRerun: (run: RunSummary) => void;
}) {
  const queryClient = useQueryClient();
  // comparisons and sweeps store a run per configuration: the history shows the playground's own runs unless asked
  const [showComparisonRuns, setShowComparisonRuns] = useState(false);
  const fromComparisons = runs.filter((run) => run.comparisonId !== null).length;
  const shown = showComparisonRuns ? runs : runs.filter((run) => run.comparisonId === null || run.id === selectedId);
  const remove = useMutation({
    mutationFn: (runId: string) => fetchNoContent(`/api/runs/${encodeURIComponent(runId)}`, { method: "DELETE" }),
    onSuccess: async (_data, runId) => {
      if (runId === selectedId) onOpen(null);
      queryClient.removeQueries({ queryKey: runKeys.detail(runId) });
      await queryClient.invalidateQueries({ queryKey: runKeys.session(sessionId) });
    },
  });
  if (runs.length === 0) {
    return (
      <section data-testid="run-history" data-count={0} className="rounded-lg border border-dashed border-slate-300 bg-white px-3 py-2 text-xs text-slate-600">
        No runs yet: pick a strategy on the left, watch the preview, then Run.
      </section>
    );
  }
  return (
    <section data-testid="run-history" data-count={shown.length} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-2 border-b border-slate-100 px-3 py-1.5 text-xs">
        <h2 className="font-semibold text-slate-800">Runs</h2>
        <span className="text-slate-600">{formatCount(shown.length)}</span>
        {fromComparisons > 0 && (
          <label className="flex items-center gap-1 text-slate-600" title="runs stored as configurations of a comparison or sweep of this session">
            <input type="checkbox" data-testid="run-history-comparisons" checked={showComparisonRuns} onChange={(event) => setShowComparisonRuns(event.target.checked)} className="accent-violet-600" />
            show {plural(fromComparisons, "run")} from comparisons and sweeps
          </label>
        )}
        {remove.error && <span className="text-red-700">Delete failed: {toApiErrorBody(remove.error).message}</span>}
      </div>
      <div className="max-h-56 overflow-auto">
        <table className="w-full text-xs">
          <thead className="sticky top-0 bg-slate-50 text-left text-[11px] uppercase tracking-wide text-slate-600">
            <tr>
              <th className="px-3 py-1 font-medium">Strategy</th>
              <th className="px-2 py-1 font-medium">Peak before → after</th>
              <th className="px-2 py-1 font-medium">Compactions</th>
              <th className="px-2 py-1 font-medium" title="continuation recall: the share of the facts later messages use that the context still held at each cut">
                Recall
              </th>
              <th className="px-2 py-1 font-medium">Summarizer</th>
              <th className="px-2 py-1 font-medium" title="every model call priced with prompt caching, and without it">Dollars</th>
              <th className="px-2 py-1 font-medium">When</th>
              <th className="sticky right-0 bg-slate-50 px-1 py-1"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {shown.map((run, index) => {
              const previous = shown[index + 1] ?? null;
              const selected = run.id === selectedId;
              return (
                <tr key={run.id} data-testid="run-row" data-run-id={run.id} data-status={run.status} className={`border-t border-slate-100 ${selected ? "bg-violet-50" : "bg-white hover:bg-slate-50"}`}>
                  <td className="px-3 py-1">
                    <div className="font-medium text-slate-800">
                      {run.strategyId}
                      {run.comparisonId !== null && <span data-testid="run-from-comparison" className="ml-1 rounded bg-teal-100 px-1 text-[10px] text-teal-900">comparison</span>}
                      {run.options.compactAtStep !== null && <span className="ml-1 rounded bg-fuchsia-100 px-1 text-[10px] text-fuchsia-800">manual @ {run.options.compactAtStep}</span>}
                      {run.status !== "done" && (
                        <span data-testid="run-status" title={run.error ?? undefined} className={`ml-1 rounded px-1 text-[10px] ${STATUS_TONE[run.status] ?? "bg-slate-100 text-slate-600"}`}>
                          {run.status}
                        </span>
                      )}
                    </div>
                    {run.error && (run.status === "degraded" || run.status === "failed" || run.status === "interrupted") && (
                      <div data-testid="run-status-error" className={`max-w-96 text-[10px] leading-tight ${run.status === "failed" ? "text-red-700" : "text-amber-800"}`}>
                        {run.error}
                      </div>
                    )}
                    <div data-testid="run-settings-line" className="max-w-64 font-mono text-[10px] break-words text-slate-600" title={JSON.stringify(run.settings)}>
                      {settingsLine(run, defaultsById.get(run.strategyId))}
                    </div>
                  </td>
                  <td className="px-2 py-1 tabular-nums">
                    {run.tokensBefore !== null && run.tokensAfter !== null ? (
                      <>
                        {formatCount(run.tokensBefore)} → <span className="font-semibold">{formatCount(run.tokensAfter)}</span>{" "}
                        <span className="text-emerald-700">{percentChange(run.tokensBefore, run.tokensAfter)}</span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-2 py-1 tabular-nums">
                    {formatCount(run.compactions)}
                    {run.prunes > 0 && <span className="text-slate-600"> · {formatCount(run.prunes)} prunes</span>}
                    {run.fallbacks > 0 && <span data-testid="run-fallbacks" className="text-amber-700"> · {formatCount(run.fallbacks)} fell back</span>}
                    {run.summarizerFailures > 0 && <span data-testid="run-summarizer-failures" className="text-red-700"> · {formatCount(run.summarizerFailures)} failed summaries</span>}
                  </td>
                  <td className="px-2 py-1 tabular-nums" data-testid="run-recall-cell" data-recall={run.continuationRecall?.overall ?? ""}>
                    {formatShare(run.continuationRecall?.overall ?? null)}
                  </td>
                  <td className="px-2 py-1 tabular-nums">
                    <div>{run.options.summarizer === "extractive" ? "extractive" : (run.options.model ?? run.options.summarizer)}</div>
                    {run.summarizerUsage && (
                      <div className="text-slate-600">
                        {formatCount(run.summarizerUsage.input)} in · {formatCount(run.summarizerUsage.output)} out
                        {run.estimatedCostUsd !== null && <> · ${run.estimatedCostUsd.toFixed(run.estimatedCostUsd < 0.1 ? 4 : 2)}</>}
                      </div>
                    )}
                  </td>
                  <td data-testid="run-dollars" className="px-2 py-1 tabular-nums whitespace-nowrap">
                    {run.cost ? (
                      <>
                        <div className="font-semibold">{formatUsd(run.cost.totalUsd)}</div>
                        <div className="text-slate-600" title="the same calls without prompt caching · cache hit rate">
                          no cache {formatUsd(run.cost.withoutCachingUsd)}
                          {run.cost.hitRate !== null && <> · hit {(run.cost.hitRate * 100).toFixed(0)}%</>}
                        </div>
                      </>
                    ) : (
                      <span className="text-slate-600" title="no dated price for the model">—</span>
                    )}
                  </td>
                  <td className="min-w-[5.5rem] px-2 py-1 text-slate-600 tabular-nums">{formatDateTime(run.createdAt)}</td>
                  {/* the actions wrap in two lines and stay pinned at the right edge: the row's last action was cut to
                      "dele" at 1440 px once the columns grew; on a phone the table scrolls under them */}
                  <td data-testid="run-actions" className="sticky right-0 bg-inherit px-1 py-1 text-right">
                    <div className="ml-auto flex w-[7.5rem] flex-wrap justify-end gap-x-0.5">
                    {run.status === "interrupted" && (
                      <button type="button" data-testid="run-rerun" onClick={() => onRerun(run)} className="rounded px-1.5 py-0.5 font-medium text-orange-800 hover:bg-orange-100" title="the server stopped during this run: run it again with the same settings">
                        re-run
                      </button>
                    )}
                    <button type="button" data-testid="run-open" onClick={() => onOpen(selected ? null : run.id)} disabled={!hasResult(run)} className="rounded px-1.5 py-0.5 font-medium text-violet-800 hover:bg-violet-100 disabled:opacity-40">
                      {selected ? "close" : "open"}
                    </button>
                    <button
                      type="button"
                      data-testid="run-compare"
                      onClick={() => onCompare(run.id, compareId && selected ? null : previous?.id ?? null)}
                      disabled={!previous || !hasResult(run) || !hasResult(previous)}
                      className={`rounded px-1.5 py-0.5 font-medium hover:bg-teal-100 disabled:opacity-40 ${selected && compareId ? "bg-teal-100 text-teal-900" : "text-teal-800"}`}
                      title="compare with the run before it"
                    >
                      compare
                    </button>
                    <button type="button" data-testid="run-delete" onClick={() => remove.mutate(run.id)} disabled={remove.isPending} className="rounded px-1.5 py-0.5 text-slate-600 hover:bg-red-50 hover:text-red-700">
                      delete
                    </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const STATUS_TONE: Partial<Record<RunSummary["status"], string>> = {
  failed: "bg-red-100 text-red-800",
  degraded: "bg-amber-100 text-amber-900",
  interrupted: "bg-orange-100 text-orange-900",
  queued: "bg-sky-100 text-sky-900",
  running: "bg-sky-100 text-sky-900",
};

/** A run the playground can draw: finished, on its summaries or (degraded) on the strategy's fallback. */
function hasResult(run: RunSummary): boolean {
  return run.status === "done" || run.status === "degraded";
}

function settingsLine(run: RunSummary, defaults: Record<string, unknown> | undefined): string {
  const entries = Object.entries(run.settings)
    .filter(([key, value]) => !defaults || JSON.stringify(value) !== JSON.stringify(defaults[key]))
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join("|") : String(value)}`);
  // the replay's own options too: two runs at one window and the strategy's defaults differ by their estimator
  const replay = [`window=${formatCount(run.options.window)}`, ...(run.options.outputReserve > 0 ? [`reserve=${formatCount(run.options.outputReserve)}`] : []), `estimator=${run.options.estimator}`];
  return [...replay, ...entries, ...(entries.length === 0 && defaults ? ["defaults"] : [])].join(" ");
}
