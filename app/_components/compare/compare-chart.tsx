"use client";

import { useMemo } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { downsample } from "@/lib/client/downsample";
import { formatCompact, formatCount } from "@/app/_components/format-number";

/** Rows drawn at most: every curve keeps its share of peaks and drops, and their steps are drawn for all curves. */
export const MAX_COMPARE_CHART_POINTS = 2_000;
/** A curve keeps at least this many points of its own, however many curves there are. */
const MIN_POINTS_PER_CURVE = 120;

export interface CompareSeries {
  key: string;
  label: string;
  colour: string;
  /** context tokens per model call */
  curve: readonly number[];
}

type ChartRow = { step: number } & Record<string, number | null>;

/**
 * The configurations' token curves overlaid on one chart: one line per configuration, its colour in the legend,
 * the context window as a dashed line. Long curves are thinned: each curve picks the steps that keep its own
 * peaks and drops (`downsample`), and the union of those steps is drawn for every curve, so no line loses its
 * sawtooth to another's thinning and every row carries exact values.
 */
export function CompareChart({ series, window }: { series: CompareSeries[]; window: number | null }) {
  const rows = useMemo(() => chartRows(series), [series]);
  const steps = series.reduce((longest, entry) => Math.max(longest, entry.curve.length), 0);
  return (
    <section data-testid="compare-chart" data-series={series.length} data-points={rows.length} data-steps={steps} aria-label="Tokens sent per model call, per configuration" className="rounded-lg border border-slate-200 bg-white px-2 pt-2 pb-1 shadow-sm">
      <div className="px-2 pb-1 text-xs">
        <span className="font-semibold text-slate-800">Tokens sent per model call</span>
        {rows.length < steps && <span className="ml-2 text-slate-500">{formatCount(rows.length)} of {formatCount(steps)} steps drawn</span>}
      </div>
      <ul data-testid="compare-legend" className="flex flex-wrap gap-x-3 gap-y-0.5 px-2 pb-1 text-xs text-slate-700">
        {series.map((entry) => (
          <li key={entry.key} data-testid="compare-legend-item" className="inline-flex items-center gap-1.5">
            <span className="inline-block w-4" style={{ borderTop: `2px solid ${entry.colour}` }} />
            {entry.label}
          </li>
        ))}
        {window !== null && (
          <li className="inline-flex items-center gap-1.5 text-red-700">
            <span className="inline-block w-4" style={{ borderTop: "1.5px dashed #dc2626" }} />
            window {formatCompact(window)}
          </li>
        )}
      </ul>
      <ResponsiveContainer width="100%" height={300}>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid stroke="#eef2f7" vertical={false} />
          <XAxis dataKey="step" type="number" domain={["dataMin", "dataMax"]} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={24} label={{ value: "model call", position: "insideBottomRight", offset: -2, fontSize: 11, fill: "#94a3b8" }} />
          <YAxis tickFormatter={(value: number) => formatCompact(value)} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={false} width={48} />
          {window !== null && <ReferenceLine y={window} stroke="#dc2626" strokeDasharray="4 3" ifOverflow="extendDomain" />}
          <Tooltip content={<SeriesTooltip series={series} />} isAnimationActive={false} />
          {series.map((entry, index) => (
            <Line key={entry.key} className={`compare-line compare-line-${index}`} name={entry.label} type="linear" dataKey={`s${index}`} stroke={entry.colour} strokeWidth={1.5} dot={false} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </section>
  );
}

function chartRows(series: CompareSeries[]): ChartRow[] {
  const length = series.reduce((longest, entry) => Math.max(longest, entry.curve.length), 0);
  const indexes = Array.from({ length }, (_, index) => index);
  const perCurve = Math.max(MIN_POINTS_PER_CURVE, Math.floor(MAX_COMPARE_CHART_POINTS / Math.max(1, series.length)));
  const kept = new Set<number>();
  for (const entry of series) {
    const own = indexes.slice(0, entry.curve.length);
    for (const index of downsample({ points: own, maxPoints: perCurve, value: (step) => entry.curve[step] })) kept.add(index);
  }
  return [...kept]
    .sort((a, b) => a - b)
    .map((step) => {
      const row: ChartRow = { step };
      series.forEach((entry, index) => {
        row[`s${index}`] = step < entry.curve.length ? entry.curve[step] : null;
      });
      return row;
    });
}

function SeriesTooltip({ active, payload, series }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ChartRow }>; series: CompareSeries[] }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const values = series
    .map((entry, index) => ({ entry, value: row[`s${index}`] }))
    .filter((item): item is { entry: CompareSeries; value: number } => typeof item.value === "number")
    .sort((a, b) => b.value - a.value);
  return (
    <div data-testid="compare-chart-tooltip" className="rounded border border-slate-200 bg-white px-2 py-1.5 text-xs shadow-md">
      <div className="font-semibold">Step {row.step}</div>
      {values.map(({ entry, value }) => (
        <div key={entry.key} className="flex justify-between gap-3">
          <span style={{ color: entry.colour }}>{entry.label}</span>
          <span className="tabular-nums">{formatCount(value)}</span>
        </div>
      ))}
    </div>
  );
}
