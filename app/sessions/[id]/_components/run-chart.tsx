"use client";

import { memo, useDeferredValue, useMemo, useRef, useState, type MouseEvent, type RefObject } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, usePlotArea, useXAxisScale, useYAxisScale, XAxis, YAxis } from "recharts";
import type { ContextPoint } from "@/lib/api/contracts/schemas";
import { downsample } from "@/lib/client/downsample";
import { fitYDomain, type YScaleMode } from "@/lib/client/fit-y-domain";
import { nearestIndex, stepAtPointer } from "@/lib/client/step-at-pointer";
import { thinMarkers } from "@/lib/client/thin-markers";
import type { ReplayResult } from "@/lib/engine/simulate/replay-result";
import { formatCompact, formatCount, plural } from "@/app/_components/format-number";
import { LegendToggle } from "@/app/_components/chart/legend-toggle";
import { tokenYAxisProps } from "@/app/_components/chart/token-y-axis-props";
import { YScalePicker } from "@/app/_components/chart/y-scale-picker";
import { ZoomNavigator, type StepRange } from "@/app/_components/chart/zoom-navigator";
import { CacheStrip } from "./cache-strip";
import { RunEventsList } from "./run-events-list";
import { runChartMarkers, runChartRows, type RunChartRow, type RunMarker, type RunMarkerKind } from "./run-chart-data";

/** Points drawn per line at most, at any zoom; longer stretches are thinned, keeping peaks and the drawn markers' steps. */
export const MAX_CHART_POINTS = 2_000;
/** Markers drawn at most at the current zoom: more make a solid band (220 did at 100K messages); the rest are listed. */
export const MAX_DRAWN_MARKERS = 40;
/** Points of the whole-run overview under the chart (its brush). */
const OVERVIEW_POINTS = 300;
const SENT = "#7c3aed";
const BASELINE = "#94a3b8";
const RECORDED = "var(--color-recorded)";
const COMPARE = "#0d9488";
const MARKER_COLOUR: Record<RunMarkerKind, string> = { compaction: "#c026d3", prune: "#e11d48", trim: "#0284c7" };

type SeriesKey = "sent" | "baseline" | "recorded" | "compare" | RunMarkerKind;

/**
 * A run's token curve: tokens sent per model call (the sawtooth), the session without compaction for
 * reference, what the source recorded, the window and usable window, and the run's events as markers.
 *
 * Built for a 100,000-message session: the y axis fits the run and its window by default ("fit": the
 * no-compaction line, 140× the window there, runs off the top and is named), with "full" and "log" a click away;
 * a brush under the chart zooms to a stretch, redrawn from every call in it; the legend hides and shows each
 * series; at most {@link MAX_DRAWN_MARKERS} markers are drawn at the current zoom, every event stays in the list
 * below. A click opens the call under the pointer — computed from its x, no hover needed — and scrolls the timeline
 * to the message it produced.
 */
export const RunChart = memo(function RunChart({
  result,
  baseline,
  compare,
  compareLabel,
  onPointClick,
  cursorStep = null,
}: {
  result: ReplayResult;
  baseline: readonly ContextPoint[];
  /** another run's result drawn as a second curve (compare with the previous run) */
  compare?: ReplayResult | null;
  compareLabel?: string;
  onPointClick: (messageIndex: number, step: number) => void;
  /** the call a demo is at: a vertical cursor there (null: none) */
  cursorStep?: number | null;
}) {
  const all = useMemo(() => runChartRows(result, baseline, compare ?? null), [result, baseline, compare]);
  const allSteps = useMemo(() => all.map((row) => row.step), [all]);
  const markers = useMemo(() => runChartMarkers(result), [result]);
  const overview = useMemo(
    () => downsample({ points: all, maxPoints: OVERVIEW_POINTS, value: (row) => row.sent }).map((row) => ({ step: row.step, value: row.sent })),
    [all],
  );
  const [range, setRange] = useState<StepRange>(null);
  // the brush moves at once; the chart redraws the stretch when the main thread is free
  const shownRange = useDeferredValue(range);
  const [hidden, setHidden] = useState<ReadonlySet<SeriesKey>>(() => new Set());
  const [mode, setMode] = useState<YScaleMode>("fit");
  const plotRef = useRef<SVGRectElement>(null);

  const first = allSteps[0] ?? 0;
  const last = allSteps.at(-1) ?? 0;
  // a range left from a longer run than the one now drawn is dropped
  const zoom = shownRange && shownRange[0] < last ? shownRange : null;
  const from = zoom ? Math.max(first, zoom[0]) : first;
  const to = zoom ? Math.min(last, zoom[1]) : last;
  const shown = (key: SeriesKey) => !hidden.has(key);
  const toggle = (key: SeriesKey) => setHidden((current) => {
    const next = new Set(current);
    if (!next.delete(key)) next.add(key);
    return next;
  });

  const { drawn, hiddenMarkers, markersInRange } = useMemo(() => {
    const visible = markers.filter((marker) => !hidden.has(marker.kind));
    const thinned = thinMarkers({ markers: visible, from, to, max: MAX_DRAWN_MARKERS });
    return { drawn: thinned.drawn, hiddenMarkers: thinned.hidden, markersInRange: thinned.inRange };
  }, [markers, hidden, from, to]);

  const rows = useMemo(() => {
    const start = Math.max(0, nearestIndex(allSteps, from));
    const end = Math.max(start, nearestIndex(allSteps, to));
    const stretch = all.slice(start, end + 1);
    const keep = new Set(drawn.map((marker) => marker.step - stretch[0].step));
    const thinned: readonly DrawnRow[] = downsample({ points: stretch, maxPoints: MAX_CHART_POINTS, value: (row) => row.sent, keep });
    // a log axis cannot draw 0: such a value is left out of its line
    return mode === "log" ? thinned.map(withoutZeros) : thinned;
  }, [all, allSteps, from, to, drawn, mode]);

  const hasRecorded = all.some((row) => row.recorded !== null);
  const usableWindow = result.window - result.outputReserve;
  const { domain, clipped } = useMemo(() => {
    const series: { key: string; peak: number; low: number }[] = [];
    const extent = (key: "sent" | "baseline" | "recorded" | "compare") => {
      let peak = -Infinity;
      let low = Infinity;
      for (const row of rows) {
        const value = row[key];
        if (value === null || value === undefined) continue;
        if (value > peak) peak = value;
        if (value < low) low = value;
      }
      if (peak > -Infinity) series.push({ key, peak, low });
    };
    if (!hidden.has("sent")) extent("sent");
    if (!hidden.has("baseline")) extent("baseline");
    if (hasRecorded && !hidden.has("recorded")) extent("recorded");
    if (compare && !hidden.has("compare")) extent("compare");
    for (const marker of drawn) series.push({ key: marker.kind, peak: marker.tokens, low: marker.tokens });
    return fitYDomain({ series, window: result.window, mode });
  }, [rows, hidden, hasRecorded, compare, drawn, result.window, mode]);

  const peakSent = rows.reduce((peak, row) => Math.max(peak, row.sent ?? 0), 0);
  const counts = { compaction: 0, prune: 0, trim: 0 };
  for (const marker of markers) counts[marker.kind]++;
  const open = (step: number) => {
    const row = all[nearestIndex(allSteps, step)];
    if (row) onPointClick(row.messageIndex, row.step);
  };
  const onPlotClick = (event: MouseEvent) => {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || event.clientY < box.top || event.clientY > box.bottom) return;
    open(stepAtPointer({ offsetX: event.clientX - box.left, width: box.width, from, to }));
  };
  const baselineName = "no compaction";
  return (
    <section
      data-testid="run-chart"
      data-points={rows.length}
      data-steps={result.steps.length}
      data-markers={drawn.length}
      data-markers-in-range={markersInRange}
      data-x-from={from}
      data-x-to={to}
      data-y-max={Math.round(domain[1])}
      data-y-scale={mode}
      data-clipped={clipped.join(",")}
      className="rounded-lg border border-slate-200 bg-white px-2 pt-2 pb-1 shadow-sm"
      aria-label="Tokens sent per model call"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 pb-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">Tokens sent per model call</span>
        <LegendToggle label={`with ${result.strategyId}`} colour={SENT} shape="thick" shown={shown("sent")} onToggle={() => toggle("sent")} testId="legend-sent" />
        <LegendToggle label={baselineName} colour={BASELINE} shape="dashed" shown={shown("baseline")} onToggle={() => toggle("baseline")} testId="legend-baseline" />
        {hasRecorded && <LegendToggle label="recorded by the source" colour={RECORDED} shape="line" shown={shown("recorded")} onToggle={() => toggle("recorded")} testId="legend-recorded" />}
        {compare && <LegendToggle label={compareLabel ?? "previous run"} colour={COMPARE} shape="line" shown={shown("compare")} onToggle={() => toggle("compare")} testId="legend-compare" />}
        <LegendToggle label={plural(counts.compaction, "compaction")} colour={MARKER_COLOUR.compaction} shape="dot" shown={shown("compaction")} onToggle={() => toggle("compaction")} testId="legend-compactions" />
        <LegendToggle label={plural(counts.prune, "prune")} colour={MARKER_COLOUR.prune} shape="dot" shown={shown("prune")} onToggle={() => toggle("prune")} testId="legend-prunes" />
        {counts.trim > 0 && <LegendToggle label={plural(counts.trim, "trim")} colour={MARKER_COLOUR.trim} shape="dot" shown={shown("trim")} onToggle={() => toggle("trim")} testId="legend-trims" />}
        <span className="ml-auto">
          <YScalePicker mode={mode} onChange={setMode} testId="run-chart-y-scale" />
        </span>
      </div>
      <div className="flex flex-wrap gap-x-3 px-2 pb-1 text-xs text-slate-500" data-testid="run-chart-notes">
        <span>peak {formatCount(peakSent)}</span>
        {rows.length < to - from + 1 && <span>{formatCount(rows.length)} of {formatCount(to - from + 1)} calls drawn</span>}
        {hiddenMarkers > 0 && (
          <span data-testid="run-chart-markers-summary">
            {formatCount(drawn.length)} of {formatCount(markersInRange)} markers drawn here · zoom in or open the list below for the rest
          </span>
        )}
        {clipped.includes("baseline") && <span data-testid="run-chart-clipped">{baselineName} runs off the top (y: full or log shows it)</span>}
        <span className="ml-auto">click the chart to open that call&apos;s message</span>
      </div>
      <div onClick={onPlotClick} style={{ cursor: "pointer" }}>
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
            <CartesianGrid stroke="#eef2f7" vertical={false} />
            <XAxis dataKey="step" type="number" domain={[from, to]} allowDataOverflow tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={24} />
            <YAxis {...tokenYAxisProps(mode, domain)} />
            <ReferenceLine y={result.window} stroke="#dc2626" strokeDasharray="4 3" label={{ value: `window ${formatCompact(result.window)}`, position: "insideTopRight", fontSize: 11, fill: "#dc2626" }} />
            {result.outputReserve > 0 && (
              <ReferenceLine y={usableWindow} stroke="#f97316" strokeDasharray="2 3" label={{ value: `usable ${formatCompact(usableWindow)}`, position: "insideBottomRight", fontSize: 11, fill: "#ea580c" }} />
            )}
            <Tooltip content={<RowTooltip markers={drawn} />} isAnimationActive={false} />
            <Line className="line-baseline" type="linear" dataKey="baseline" hide={!shown("baseline")} stroke={BASELINE} strokeWidth={1} strokeDasharray="3 3" dot={false} connectNulls isAnimationActive={false} />
            {hasRecorded && <Line className="line-recorded" type="linear" dataKey="recorded" hide={!shown("recorded")} stroke={RECORDED} strokeWidth={1} dot={false} connectNulls isAnimationActive={false} />}
            {compare && <Line className="line-compare" type="linear" dataKey="compare" hide={!shown("compare")} stroke={COMPARE} strokeWidth={1.5} dot={false} connectNulls isAnimationActive={false} />}
            <Line className="line-sent" type="linear" dataKey="sent" hide={!shown("sent")} stroke={SENT} strokeWidth={2} dot={false} activeDot={{ r: 4 }} connectNulls isAnimationActive={false} />
            <MarkerLayer markers={drawn} />
            {cursorStep !== null && cursorStep >= from && cursorStep <= to && <CursorLayer step={cursorStep} />}
            <PlotBounds boundsRef={plotRef} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ZoomNavigator overview={overview} range={range && range[0] < last ? range : null} onRange={setRange} colour={SENT} testId="run-chart-zoom" />
      <CacheStrip steps={result.steps} />
      <RunEventsList markers={markers} onOpen={(marker) => onPointClick(marker.messageIndex, marker.step)} />
    </section>
  );
});

/** A drawn row: on a log axis a value of 0 is null (left out of its line). */
type DrawnRow = Omit<RunChartRow, "sent"> & { sent: number | null };

function withoutZeros(row: DrawnRow): DrawnRow {
  const positive = (value: number | null) => (value !== null && value > 0 ? value : null);
  return { ...row, sent: positive(row.sent), baseline: positive(row.baseline), recorded: positive(row.recorded), compare: positive(row.compare) };
}

/** The demo's cursor: a vertical line at the call it is at, placed with the chart's own x scale. */
function CursorLayer({ step }: { step: number }) {
  const x = useXAxisScale();
  const plot = usePlotArea();
  if (!x || !plot) return null;
  const cx = x(step);
  if (cx === undefined || !Number.isFinite(cx)) return null;
  return <line data-testid="run-chart-cursor" data-step={step} x1={cx} x2={cx} y1={plot.y} y2={plot.y + plot.height} stroke="#a21caf" strokeWidth={2} pointerEvents="none" />;
}

/** An invisible rectangle over the plot area: its screen box turns a click's x into a step. */
function PlotBounds({ boundsRef }: { boundsRef: RefObject<SVGRectElement | null> }) {
  const plot = usePlotArea();
  if (!plot) return null;
  return <rect ref={boundsRef} data-testid="run-chart-plot" x={plot.x} y={plot.y} width={plot.width} height={plot.height} fill="none" pointerEvents="none" />;
}

/**
 * The drawn events as one SVG layer: a faint vertical line at each compaction and a dot per event, placed with
 * the chart's own scales. One component instead of a ReferenceLine / ReferenceDot each: recharts registers
 * every reference element in its store, and a run with 170 compactions spent over a second doing so.
 */
function MarkerLayer({ markers }: { markers: readonly RunMarker[] }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const plot = usePlotArea();
  if (!x || !y || !plot) return null;
  const placed = markers.flatMap((marker) => {
    const cx = x(marker.step);
    const cy = y(marker.tokens);
    if (cx === undefined || cy === undefined || !Number.isFinite(cx) || !Number.isFinite(cy)) return [];
    // a marker above a clipped axis sits on its top edge
    return [{ marker, cx, cy: Math.min(plot.y + plot.height, Math.max(plot.y, cy)) }];
  });
  return (
    <g className="run-markers">
      {placed
        .filter(({ marker }) => marker.kind === "compaction")
        .map(({ cx }, index) => (
          <line key={`l${index}`} x1={cx} x2={cx} y1={plot.y} y2={plot.y + plot.height} stroke={MARKER_COLOUR.compaction} strokeOpacity={0.25} />
        ))}
      {placed.map(({ marker, cx, cy }, index) => (
        <circle key={`d${index}`} className={`marker-${marker.kind}`} data-step={marker.step} cx={cx} cy={cy} r={marker.kind === "compaction" ? 5 : 3.5} fill={MARKER_COLOUR[marker.kind]} stroke="white" strokeWidth={1.5}>
          <title>{`step ${marker.step}: ${marker.label}`}</title>
        </circle>
      ))}
    </g>
  );
}

function RowTooltip({ active, payload, markers }: { active?: boolean; payload?: ReadonlyArray<{ payload?: DrawnRow }>; markers: readonly RunMarker[] }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const here = markers.filter((marker) => marker.step === row.step);
  return (
    <div data-testid="run-chart-tooltip" className="rounded border border-slate-200 bg-white px-2 py-1.5 text-xs shadow-md">
      <div className="font-semibold">
        Step {row.step} · message #{row.messageIndex}
      </div>
      {row.sent !== null && <div style={{ color: SENT }}>sent {formatCount(row.sent)}</div>}
      {row.baseline !== null && <div className="text-slate-500">no compaction {formatCount(row.baseline)}</div>}
      {row.recorded !== null && <div style={{ color: RECORDED }}>recorded {formatCount(row.recorded)}</div>}
      {row.compare !== null && <div style={{ color: COMPARE }}>previous run {formatCount(row.compare)}</div>}
      {row.cache !== null && <div className="text-slate-600">{row.cache}</div>}
      {here.map((marker, index) => (
        <div key={index} className="font-medium" style={{ color: MARKER_COLOUR[marker.kind] }}>
          {marker.label}
        </div>
      ))}
    </div>
  );
}
