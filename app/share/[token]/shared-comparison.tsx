import { CompareChart, type CompareSeries } from "@/app/_components/compare/compare-chart";
import { seriesColour } from "@/app/_components/compare/series-colour";
import { NotFoundError } from "@/lib/api/contracts/errors";
import { presentRunSummary } from "@/lib/present/present-run";
import { getRun } from "@/lib/store/runs";
import { RunFiguresTable } from "./run-figures-table";

/**
 * A shared comparison: its runs' token curves on one chart and their figures side by side. Only the link's own runs
 * are read, and only those of its session (the store checked that when the link was made; checked again here). A run
 * deleted since the link was made is left out and counted.
 */
export async function SharedComparison({ sessionId, runIds }: { sessionId: string; runIds: string[] }) {
  const read = await Promise.all(runIds.map(readRun));
  const runs = read.flatMap((run) => (run && run.sessionId === sessionId ? [run] : []));
  const deleted = runIds.length - runs.length;
  const series: CompareSeries[] = runs.flatMap((run, index) =>
    run.result ? [{ key: run.id, label: run.strategyId, colour: seriesColour(index), curve: run.result.steps.map((step) => step.contextTokens) }] : [],
  );
  const summaries = runs.map(presentRunSummary);
  return (
    <>
      {series.length > 0 && <CompareChart series={series} window={runs[0]?.options.window ?? null} />}
      {deleted > 0 && (
        <p data-testid="share-deleted-runs" className="text-xs text-slate-600">
          {deleted === 1 ? "One run has" : `${deleted} runs have`} been deleted since the link was made.
        </p>
      )}
      <RunFiguresTable runs={summaries} colourOf={seriesColour} />
    </>
  );
}

async function readRun(id: string) {
  try {
    return await getRun(id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
