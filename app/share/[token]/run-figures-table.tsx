import type { RunSummary } from "@/lib/api/contracts/run-schemas";
import { formatCount, formatDateTime, formatUsd } from "@/app/_components/format-number";

const TH = "px-2 py-1 text-right font-medium whitespace-nowrap";
const TD = "px-2 py-1 text-right tabular-nums whitespace-nowrap";

/** Shared runs' figures, one row each: strategy and settings, peak before → after, events, summarizer and cost. */
export function RunFiguresTable({ runs, colourOf }: { runs: RunSummary[]; colourOf?: (index: number) => string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table data-testid="shared-runs-table" className="min-w-full text-xs">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="px-2 py-1 text-left font-medium">Strategy</th>
            <th className="px-2 py-1 text-left font-medium">Settings</th>
            <th className={TH}>Window</th>
            <th className={TH}>Peak before</th>
            <th className={TH}>Peak after</th>
            <th className={TH}>Compactions</th>
            <th className={TH}>Prunes</th>
            <th className={TH}>Summarizer</th>
            <th className={TH}>Cost</th>
            <th className={TH} title="every call with prompt caching / without it · cache hit rate">Dollars</th>
            <th className={TH}>Run</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run, index) => (
            <tr key={run.id} data-testid="shared-run-row" className="border-t border-slate-100">
              <td className="px-2 py-1 font-medium whitespace-nowrap">
                {colourOf && <span className="mr-1 inline-block size-2 rounded-full" style={{ background: colourOf(index) }} />}
                {run.strategyId}
                {run.status !== "done" && <span className="ml-1 rounded bg-slate-100 px-1 text-[10px] text-slate-700">{run.status}</span>}
              </td>
              <td className="max-w-80 truncate px-2 py-1 font-mono text-[10px] text-slate-600" title={JSON.stringify(run.settings)}>
                {Object.entries(run.settings)
                  .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join("|") : String(value)}`)
                  .join(" ") || "defaults"}
              </td>
              <td className={TD}>{formatCount(run.options.window)}</td>
              <td className={TD}>{run.tokensBefore === null ? "—" : formatCount(run.tokensBefore)}</td>
              <td className={`${TD} font-semibold`}>{run.tokensAfter === null ? "—" : formatCount(run.tokensAfter)}</td>
              <td className={TD}>{formatCount(run.compactions)}</td>
              <td className={TD}>{formatCount(run.prunes)}</td>
              <td className={TD}>{run.options.summarizer === "extractive" ? "extractive" : (run.options.model ?? run.options.summarizer)}</td>
              <td className={TD}>{run.estimatedCostUsd === null ? "—" : `$${run.estimatedCostUsd.toFixed(run.estimatedCostUsd < 0.1 ? 4 : 2)}`}</td>
              <td className={TD} data-testid="shared-run-dollars">
                {run.cost ? (
                  <>
                    <span className="font-semibold">{formatUsd(run.cost.totalUsd)}</span> / {formatUsd(run.cost.withoutCachingUsd)}
                    {run.cost.hitRate !== null && <span className="text-slate-500"> · hit {(run.cost.hitRate * 100).toFixed(0)}%</span>}
                  </>
                ) : (
                  "—"
                )}
              </td>
              <td className={`${TD} text-slate-500`}>{formatDateTime(run.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
