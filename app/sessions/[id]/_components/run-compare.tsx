import type { RunSummary } from "@/lib/api/contracts/run-schemas";
import { formatCount } from "@/app/_components/format-number";

/** The figures of two runs side by side, with the difference (the curves are drawn together in the chart). */
export function RunCompare({ run, previous }: { run: RunSummary; previous: RunSummary }) {
  const rows: { label: string; now: number | null; before: number | null; lowerIsBetter: boolean; money?: boolean }[] = [
    { label: "Peak context", now: run.tokensAfter, before: previous.tokensAfter, lowerIsBetter: true },
    { label: "Compactions", now: run.compactions, before: previous.compactions, lowerIsBetter: true },
    { label: "Prunes", now: run.prunes, before: previous.prunes, lowerIsBetter: false },
    { label: "Fallbacks", now: run.fallbacks, before: previous.fallbacks, lowerIsBetter: true },
    { label: "Summarizer in", now: run.summarizerUsage?.input ?? null, before: previous.summarizerUsage?.input ?? null, lowerIsBetter: true },
    { label: "Cost USD", now: run.estimatedCostUsd, before: previous.estimatedCostUsd, lowerIsBetter: true, money: true },
  ];
  return (
    <section data-testid="run-compare-table" className="rounded-lg border border-teal-200 bg-teal-50/50 px-3 py-2 text-xs">
      <div className="mb-1 font-semibold text-teal-900">
        {run.strategyId} vs the previous run ({previous.strategyId})
      </div>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-2">
        {rows.map((row) => {
          const delta = row.now !== null && row.before !== null ? row.now - row.before : null;
          const better = delta !== null && delta !== 0 && (delta < 0) === row.lowerIsBetter;
          const format = (value: number | null) => (value === null ? "—" : row.money ? `$${value.toFixed(4)}` : formatCount(value));
          return (
            <div key={row.label} className="rounded bg-white px-2 py-1">
              <div className="text-[10px] uppercase tracking-wide text-slate-500">{row.label}</div>
              <div className="tabular-nums">
                {format(row.before)} → <span className="font-semibold">{format(row.now)}</span>{" "}
                {delta !== null && delta !== 0 && (
                  <span className={better ? "text-emerald-700" : "text-red-700"}>
                    ({delta > 0 ? "+" : "−"}
                    {row.money ? `$${Math.abs(delta).toFixed(4)}` : formatCount(Math.abs(delta))})
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
