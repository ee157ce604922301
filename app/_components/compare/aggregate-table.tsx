import type { AggregateRow } from "@/lib/api/contracts/compare-schemas";
import { formatCompact, formatCount } from "@/app/_components/format-number";
import { RetentionCell } from "./retention-cell";
import { IntervalCell } from "./interval-cell";

const TH = "px-1.5 py-1 text-right font-medium whitespace-nowrap";
const TD = "px-1.5 py-1 text-right tabular-nums whitespace-nowrap";

/**
 * One configuration over several sessions: the mean and the worst case (highest peak and tokens sent, least saved,
 * most compactions, lowest retention) of the headline figures, from the stream's `aggregate` line.
 */
export function AggregateTable({ rows }: { rows: AggregateRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table data-testid="aggregate-table" className="min-w-full text-xs">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th rowSpan={2} className="px-1.5 py-1 text-left font-medium">Configuration</th>
            <th rowSpan={2} className={TH}>Sessions</th>
            <th colSpan={6} className="border-l border-slate-200 px-1.5 py-1 text-center font-semibold">Mean</th>
            <th colSpan={6} className="border-l border-slate-200 px-1.5 py-1 text-center font-semibold">Worst case</th>
          </tr>
          <tr>
            {["mean", "worst"].map((group) => (
              <Headers key={group} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.config} data-testid="aggregate-row" data-config={row.config} className="border-t border-slate-100">
              <td className="px-1.5 py-1 text-left font-medium">{row.config}</td>
              <td className={TD}>{formatCount(row.sessions)}</td>
              <Figures figures={row.mean} testId="mean" />
              <Figures figures={row.worst} testId="worst" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Headers() {
  return (
    <>
      <th className={`${TH} border-l border-slate-200`}>Peak</th>
      <th className={TH}>Tokens sent</th>
      <th className={TH}>Saved vs none</th>
      <th className={TH}>Compactions</th>
      <th className={TH}>Retention</th>
      <th className={TH} title="continuation recall over the sessions (each on its own exam), with its 95% interval">Recall</th>
    </>
  );
}

function Figures({ figures, testId }: { figures: AggregateRow["mean"]; testId: string }) {
  return (
    <>
      <td className={`${TD} border-l border-slate-100`} data-testid={`${testId}-peak`} title={formatCount(figures.peakContextTokens)}>
        {formatCompact(figures.peakContextTokens)}
      </td>
      <td className={TD} title={formatCount(figures.totalTokensSent)}>{formatCompact(figures.totalTokensSent)}</td>
      <td className={TD} title={formatCount(figures.tokensSavedVsNone)}>
        {figures.tokensSavedVsNone < 0 ? "−" : ""}
        {formatCompact(Math.abs(figures.tokensSavedVsNone))}
      </td>
      <td className={TD}>{Number.isInteger(figures.compactions) ? formatCount(figures.compactions) : figures.compactions.toFixed(1)}</td>
      <RetentionCell score={figures.retention} testId={`${testId}-retention`} />
      <IntervalCell score={figures.recall?.figure ?? null} low={figures.recall?.low ?? null} high={figures.recall?.high ?? null} testId={`${testId}-recall`} />
    </>
  );
}
