"use client";

import Link from "next/link";
import { useState } from "react";
import type { CompareEntry } from "@/lib/client/compare-state";
import { scaleColour, formatShare } from "@/lib/client/retention-colour";
import { metricOf, SWEEP_METRICS, sweepGrid, type SweepMetric } from "@/lib/client/sweep-grid";
import { labelOf } from "@/lib/client/setting-controls";
import { formatCompact, formatCount, formatUsd } from "@/app/_components/format-number";
import { runHref } from "@/app/_components/compare/compare-table";

/**
 * The sweep as a heatmap: one column per value of the first setting, one row per value of the second. Each cell is
 * coloured by the chosen metric (retention: green is more kept; tokens sent and peak: green is fewer) and shows the
 * retention and tokens sent; clicking a cell opens its run in the playground.
 */
export function SweepHeatmap({
  sessionId,
  entries,
  x,
  y,
}: {
  sessionId: string;
  entries: CompareEntry[];
  x: { key: string; values: number[] };
  y: { key: string; values: number[] } | null;
}) {
  const [metric, setMetric] = useState<SweepMetric>("retention");
  const grid = sweepGrid({ entries, xValues: x.values, yValues: y?.values ?? null, metric });
  const higherIsBetter = SWEEP_METRICS.find((candidate) => candidate.id === metric)!.higherIsBetter;
  const yValues: (number | undefined)[] = y?.values ?? [undefined];
  return (
    <section data-testid="sweep-heatmap" aria-label="Sweep heatmap" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-xs shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold text-slate-800">Sweep</h2>
        <div role="radiogroup" aria-label="Colour by" className="flex overflow-hidden rounded border border-slate-300">
          {SWEEP_METRICS.map((candidate) => (
            <label key={candidate.id} className={`cursor-pointer px-2 py-0.5 font-medium ${metric === candidate.id ? "bg-violet-700 text-white" : "bg-white text-slate-700 hover:bg-slate-50"}`}>
              <input type="radio" name="sweep-metric" data-testid={`sweep-metric-${candidate.id}`} checked={metric === candidate.id} onChange={() => setMetric(candidate.id)} className="sr-only" />
              {candidate.label}
            </label>
          ))}
        </div>
        <span className="text-slate-500">{higherIsBetter ? "greener keeps more" : "greener sends fewer tokens"} · click a cell to open its run</span>
      </div>
      <div className="overflow-x-auto">
        <div
          className="grid gap-px"
          style={{ gridTemplateColumns: `${y ? "auto " : ""}repeat(${x.values.length}, minmax(5.5rem, 1fr))` }}
        >
          {/* the x axis: its setting and values */}
          {y && <div data-testid="sweep-corner" className="self-end px-1 text-right text-[11px] text-slate-500">{labelOf(y.key)} ↓ · {labelOf(x.key)} →</div>}
          {x.values.map((value) => (
            <div key={`x${value}`} data-testid="sweep-x-label" className="px-1 pb-0.5 text-center font-medium tabular-nums text-slate-700">
              {formatCount(value)}
            </div>
          ))}
          {yValues.map((yValue, yIndex) => (
            <SweepRow key={`y${String(yValue)}`} y={y ? { key: y.key, value: yValue! } : null} cells={grid.cells[yIndex]} xValues={x.values} sessionId={sessionId} metric={metric} range={grid.range} higherIsBetter={higherIsBetter} />
          ))}
        </div>
      </div>
      {!y && <p className="text-center text-slate-500">{labelOf(x.key)} →</p>}
    </section>
  );
}

function SweepRow({
  y,
  cells,
  xValues,
  sessionId,
  metric,
  range,
  higherIsBetter,
}: {
  y: { key: string; value: number } | null;
  cells: (CompareEntry | null)[];
  xValues: number[];
  sessionId: string;
  metric: SweepMetric;
  range: { min: number; max: number } | null;
  higherIsBetter: boolean;
}) {
  return (
    <>
      {y && (
        <div data-testid="sweep-y-label" className="flex items-center justify-end px-2 font-medium tabular-nums text-slate-700">
          {formatCount(y.value)}
        </div>
      )}
      {cells.map((entry, xIndex) => {
        const row = entry?.row ?? null;
        const value = row ? metricOf(row, metric) : null;
        const colour =
          row && range
            ? scaleColour({ value, min: range.min, max: range.max, higherIsBetter })
            : entry?.phase === "failed"
              ? { background: "#fee2e2", text: "#b91c1c" }
              : { background: "#f8fafc", text: "#94a3b8" };
        const body = (
          <>
            <span className="block text-sm font-semibold tabular-nums">{row ? (metric === "retention" ? formatShare(value) : metric === "dollars" ? formatUsd(value) : formatCompact(value ?? 0)) : entry?.phase === "failed" ? "failed" : entry?.phase === "running" && entry.totalSteps > 0 ? `${Math.round((entry.step / entry.totalSteps) * 100)}%` : "…"}</span>
            {row && (
              <span className="block tabular-nums">
                {metric === "retention" ? `${formatCompact(row.totalTokensSent)} sent` : `${formatShare(row.retention.overall)} kept`}
              </span>
            )}
          </>
        );
        const common = {
          "data-testid": "sweep-cell",
          "data-x": String(xValues[xIndex]),
          "data-y": y ? String(y.value) : "",
          "data-state": entry?.phase ?? "waiting",
          title: row
            ? `${row.config}: retention ${formatShare(row.retention.overall)}, ${formatCount(row.totalTokensSent)} tokens sent, peak ${formatCount(row.peakContextTokens)}`
            : entry?.error
              ? `${entry.label}: ${entry.error.message}`
              : undefined,
          className: "block min-h-14 rounded-sm px-1.5 py-1 text-center",
          style: { background: colour.background, color: colour.text },
        };
        return entry?.runId && row ? (
          <Link key={xIndex} href={runHref(sessionId, entry.runId)} {...common} className={`${common.className} hover:outline hover:outline-2 hover:outline-violet-600`}>
            {body}
          </Link>
        ) : (
          <div key={xIndex} {...common}>
            {body}
          </div>
        );
      })}
    </>
  );
}
