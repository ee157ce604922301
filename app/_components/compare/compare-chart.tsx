"use client";

import { useDeferredValue, useMemo, useState } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { downsample } from "@/lib/client/downsample";
import { FIT_CLIP_WINDOWS, fitYDomain, type YScaleMode } from "@/lib/client/fit-y-domain";
import { formatCompact, formatCount } from "@/app/_components/format-number";
import { LegendToggle } from "@/app/_components/chart/legend-toggle";
import { tokenYAxisProps } from "@/app/_components/chart/token-y-axis-props";
import { YScalePicker } from "@/app/_components/chart/y-scale-picker";
import { ZoomNavigator, type StepRange } from "@/app/_components/chart/zoom-navigator";

/** Rows drawn at most: every curve keeps its share of peaks and drops, and their steps are drawn for all curves. */
export const MAX_COMPARE_CHART_POINTS = 2_000;
/** A curve keeps at least this many points of its own, however many curves there are. */
const MIN_POINTS_PER_CURVE = 120;
/** Points of the overview under the chart (its brush). */
const OVERVIEW_POINTS = 300;

export interface CompareSeries {
  key: string;
  label: string;
  colour: string;
  /** context tokens per model call */
  curve: readonly number[];
}

type ChartRow = { step: number } & Record<string, number | null>;

/**
 * The configurations' token curves overlaid on one chart: one line per configuration, its colour in the legend
 * (a click hides or shows it), the context window as a dashed line. The y axis fits the configurations that stay
 * near the window by default (one that never compacts, like `none` on a long session, runs off the top and is
 * named), with "full" and "log" a click away; a brush under the chart zooms to a stretch of calls. Long curves are
 * thinned per stretch: each curve picks the steps that keep its own peaks and drops (`downsample`), and the union
 * of those steps is drawn for every curve, so no line loses its sawtooth to another's thinning.
 */
export function CompareChart({ series, window }: { series: CompareSeries[]; window: number | null }) {
  const steps = series.reduce((longest, entry) => Math.max(longest, entry.curve.length), 0);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [mode, setMode] = useState<YScaleMode>("fit");
  const [range, setRange] = useState<StepRange>(null);
  const shownRange = useDeferredValue(range);
  const visible = useMemo(() => series.map((entry, index) => ({ entry, index })).filter(({ entry }) => !hidden.has(entry.key)), [series, hidden]);
  const last = Math.max(0, steps - 1);
  // a range left from a longer comparison than the one now drawn is dropped
  const zoom = shownRange && shownRange[0] < last ? shownRange : null;
  const from = zoom ? Math.max(0, zoom[0]) : 0;
  const to = zoom ? Math.min(last, zoom[1]) : last;
  const rows = useMemo(() => chartRows(series, from, to, mode === "log"), [series, from, to, mode]);
  const overview = useMemo(() => overviewOf(series, window), [series, window]);
  const { domain, clipped } = useMemo(() => {
    const extents = visible.flatMap(({ entry, index }) => {
      let peak = -Infinity;
      let low = Infinity;
      for (const row of rows) {
        const value = row[`s${index}`];
        if (typeof value !== "number") continue;
        if (value > peak) peak = value;
        if (value < low) low = value;
      }
      return peak > -Infinity ? [{ key: entry.key, peak, low }] : [];
    });
    return fitYDomain({ series: extents, window, mode });
  }, [visible, rows, window, mode]);
  const clippedLabels = series.filter((entry) => clipped.includes(entry.key)).map((entry) => entry.label);
  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <section
      data-testid="compare-chart"
      data-series={series.length}
      data-shown={visible.length}
      data-points={rows.length}
      data-steps={steps}
      data-x-from={from}
      data-x-to={to}
      data-y-max={Math.round(domain[1])}
      data-y-scale={mode}
      data-clipped={clipped.join(",")}
      aria-label="Tokens sent per model call, per configuration"
      className="rounded-lg border border-slate-200 bg-white px-2 pt-2 pb-1 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-2 px-2 pb-1 text-xs">
        <span className="font-semibold text-slate-800">Tokens sent per model call</span>
        {rows.length < to - from + 1 && (
          <span className="text-slate-500">
            {formatCount(rows.length)} of {formatCount(to - from + 1)} steps drawn
          </span>
        )}
        {clippedLabels.length > 0 && (
          <span data-testid="compare-chart-clipped" className="text-slate-500">
            {clippedLabels.join(", ")} {clippedLabels.length === 1 ? "runs" : "run"} off the top (over {FIT_CLIP_WINDOWS}× the window; y: full or log shows {clippedLabels.length === 1 ? "it" : "them"})
          </span>
        )}
        <span className="ml-auto">
          <YScalePicker mode={mode} onChange={setMode} testId="compare-chart-y-scale" />
        </span>
      </div>
      <ul data-testid="compare-legend" aria-label="configurations: click one to hide or show its line" className="flex flex-wrap gap-x-2 gap-y-0.5 px-2 pb-1 text-xs text-slate-700">
        {series.map((entry) => (
          <li key={entry.key} data-testid="compare-legend-item" data-key={entry.key}>
            <LegendToggle label={entry.label} colour={entry.colour} shape="thick" shown={!hidden.has(entry.key)} onToggle={() => toggle(entry.key)} />
          </li>
        ))}
        {window !== null && (
          <li className="inline-flex items-center gap-1.5 px-1 text-red-700">
            <span className="inline-block w-4" style={{ borderTop: "1.5px dashed #dc2626" }} />
            window {formatCompact(window)}
          </li>
        )}
      </ul>
      <ResponsiveContainer width="100%" height={300}>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
          <CartesianGrid stroke="#eef2f7" vertical={false} />
          <XAxis dataKey="step" type="number" domain={[from, to]} allowDataOverflow tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={24} label={{ value: "model call", position: "insideBottomRight", offset: -2, fontSize: 11, fill: "#64748b" }} />
          <YAxis {...tokenYAxisProps(mode, domain)} />
          {window !== null && <ReferenceLine y={window} stroke="#dc2626" strokeDasharray="4 3" />}
          <Tooltip content={<SeriesTooltip series={series} hidden={hidden} />} isAnimationActive={false} />
          {series.map((entry, index) => (
            <Line key={entry.key} className={`compare-line compare-line-${index}`} name={entry.label} type="linear" dataKey={`s${index}`} hide={hidden.has(entry.key)} stroke={entry.colour} strokeWidth={1.5} dot={false} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <ZoomNavigator overview={overview} range={range && range[0] < last ? range : null} onRange={setRange} colour="#64748b" testId="compare-chart-zoom" />
    </section>
  );
}

/** The rows of steps from..to: the union of each curve's own thinned steps, every curve's value on each. */
function chartRows(series: CompareSeries[], from: number, to: number, log: boolean): ChartRow[] {
  const indexes: number[] = [];
  for (let step = from; step <= to; step++) indexes.push(step);
  const perCurve = Math.max(MIN_POINTS_PER_CURVE, Math.floor(MAX_COMPARE_CHART_POINTS / Math.max(1, series.length)));
  const kept = new Set<number>();
  for (const entry of series) {
    const own = indexes.filter((step) => step < entry.curve.length);
    for (const step of downsample({ points: own, maxPoints: perCurve, value: (index) => entry.curve[index] })) kept.add(step);
  }
  return [...kept]
    .sort((a, b) => a - b)
    .map((step) => {
      const row: ChartRow = { step };
      series.forEach((entry, index) => {
        const value = step < entry.curve.length ? entry.curve[step] : null;
        // a log axis cannot draw 0: such a value is left out of its line
        row[`s${index}`] = value !== null && log && value <= 0 ? null : value;
      });
      return row;
    });
}

/**
 * The brush's overview: per step the highest of the curves that stay near the window (a configuration that never
 * compacts would make every other one a flat line there too), thinned to a few hundred points.
 */
function overviewOf(series: CompareSeries[], window: number | null) {
  const near = window === null ? series : series.filter((entry) => entry.curve.every((value) => value <= window * FIT_CLIP_WINDOWS));
  const shown = near.length > 0 ? near : series;
  const length = shown.reduce((longest, entry) => Math.max(longest, entry.curve.length), 0);
  const points = Array.from({ length }, (_, step) => ({ step, value: shown.reduce((high, entry) => Math.max(high, entry.curve[step] ?? 0), 0) }));
  return downsample({ points, maxPoints: OVERVIEW_POINTS, value: (point) => point.value });
}

function SeriesTooltip({ active, payload, series, hidden }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ChartRow }>; series: CompareSeries[]; hidden: ReadonlySet<string> }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const values = series
    .map((entry, index) => ({ entry, value: row[`s${index}`] }))
    .filter((item): item is { entry: CompareSeries; value: number } => typeof item.value === "number" && !hidden.has(item.entry.key))
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
