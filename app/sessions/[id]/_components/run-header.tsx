import type { RunSummary } from "@/lib/api/contracts/run-schemas";
import { formatCount } from "@/app/_components/format-number";

/**
 * The open run's own figures, right above its chart: the session header's counts are the transcript's (a generated
 * or never-compacted session records 0 compactions), so without these a run of hundreds of compactions sat under
 * "Compactions 0". Read from the run's stored figures (the same ones the run history lists).
 */
export function RunHeader({ run }: { run: RunSummary }) {
  const figures: { key: string; label: string; value: string; title?: string }[] = [
    { key: "compactions", label: "Compactions", value: formatCount(run.compactions), title: "compactions whose summary was applied, and trims" },
    { key: "prunes", label: "Prunes", value: formatCount(run.prunes) },
    { key: "peak", label: "Peak context", value: run.tokensAfter === null ? "—" : formatCount(run.tokensAfter), title: "the largest context of this run: at a model call, or after the last message" },
    { key: "baseline", label: "No compaction", value: run.tokensBefore === null ? "—" : formatCount(run.tokensBefore), title: "the session's context with no compaction: after its last message, its largest (the preview's figure where nothing is compacted yet)" },
  ];
  if (run.fallbacks > 0) figures.push({ key: "fallbacks", label: "Fallbacks", value: formatCount(run.fallbacks), title: "compactions whose summary failed or was rejected" });
  return (
    <section data-testid="run-header" aria-label="This run" className="rounded border border-violet-200 bg-white px-3 py-1.5">
      <div className="text-[11px] text-slate-600">
        This run: <span className="font-semibold text-slate-800">{run.strategyId}</span> at a {formatCount(run.options.window)}-token window
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {figures.map((figure) => (
          <div key={figure.key} title={figure.title}>
            <dt className="text-[10px] uppercase tracking-wide text-slate-600">{figure.label}</dt>
            <dd className="text-sm font-semibold tabular-nums" data-testid={`run-figure-${figure.key}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
