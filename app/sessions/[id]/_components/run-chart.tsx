"use client";

import { memo, useMemo } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, usePlotArea, useXAxisScale, useYAxisScale, XAxis, YAxis } from "recharts";
import type { ContextPoint } from "@/lib/api/contracts/schemas";
import { downsample } from "@/lib/client/downsample";
import type { ReplayResult } from "@/lib/engine/simulate/replay-result";
import { formatCompact, formatCount, plural } from "@/app/_components/format-number";
import { CacheStrip, cacheLine } from "./cache-strip";

/** Points drawn per line at most; longer runs are thinned, keeping peaks and event steps. */
export const MAX_CHART_POINTS = 2_000;
/** Event markers drawn per kind at most (a thousand dots says no more than three hundred). */
const MAX_MARKERS = 300;
const SENT = "#7c3aed";
const BASELINE = "#94a3b8";
const RECORDED = "var(--color-recorded)";
const COMPARE = "#0d9488";
const COMPACTION = "#c026d3";
const PRUNE = "#e11d48";
const TRIM = "#0284c7";

interface ChartRow {
  step: number;
  messageIndex: number;
  sent: number;
  baseline: number | null;
  recorded: number | null;
  compare: number | null;
  /** how the call met the prompt cache, when the run was priced */
  cache: string | null;
}

interface Marker {
  step: number;
  tokens: number;
  kind: "compaction" | "prune" | "trim";
  label: string;
}

/**
 * A run's token curve: tokens sent per model call (the sawtooth), the session without compaction for
 * reference, what the source recorded, the window and usable window, and the run's events as markers.
 * Clicking a point scrolls the timeline to the message that call produced.
 */
export const RunChart = memo(function RunChart({
  result,
  baseline,
  compare,
  compareLabel,
  onPointClick,
}: {
  result: ReplayResult;
  baseline: readonly ContextPoint[];
  /** another run's result drawn as a second curve (compare with the previous run) */
  compare?: ReplayResult | null;
  compareLabel?: string;
  onPointClick: (messageIndex: number, step: number) => void;
}) {
  const { rows, markers } = useMemo(() => chartData(result, baseline, compare ?? null), [result, baseline, compare]);
  const usableWindow = result.window - result.outputReserve;
  const hasRecorded = rows.some((row) => row.recorded !== null);
  const peakSent = rows.reduce((peak, row) => Math.max(peak, row.sent), 0);
  const counts = { compaction: 0, prune: 0, trim: 0 };
  let markerPeak = 0;
  for (const marker of markers) {
    counts[marker.kind]++;
    markerPeak = Math.max(markerPeak, marker.tokens);
  }
  return (
    <section
      data-testid="run-chart"
      data-points={rows.length}
      data-steps={result.steps.length}
      data-markers={markers.length}
      className="rounded-lg border border-slate-200 bg-white px-2 pt-2 pb-1 shadow-sm"
      aria-label="Tokens sent per model call"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-2 pb-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">Tokens sent per model call</span>
        <Swatch colour={SENT} label={`with ${result.strategyId}`} thick />
        <Swatch colour={BASELINE} label="no compaction" dashed />
        {hasRecorded && <Swatch colour={RECORDED} label="recorded by the source" />}
        {compare && <Swatch colour={COMPARE} label={compareLabel ?? "previous run"} />}
        <Dot colour={COMPACTION} label={plural(counts.compaction, "compaction")} testId="legend-compactions" />
        <Dot colour={PRUNE} label={plural(counts.prune, "prune")} testId="legend-prunes" />
        {counts.trim > 0 && <Dot colour={TRIM} label={plural(counts.trim, "trim")} />}
        <span className="ml-auto text-slate-500">
          peak {formatCount(peakSent)} · {rows.length < result.steps.length ? `${formatCount(rows.length)} of ${formatCount(result.steps.length)} points drawn · ` : ""}click a point to open its message
        </span>
      </div>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart
          data={rows}
          margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
          onClick={(state) => {
            const index = Number(state?.activeTooltipIndex ?? state?.activeIndex);
            const row = Number.isInteger(index) ? rows[index] : undefined;
            if (row) onPointClick(row.messageIndex, row.step);
          }}
          style={{ cursor: "pointer" }}
        >
          <CartesianGrid stroke="#eef2f7" vertical={false} />
          <XAxis dataKey="step" type="number" domain={["dataMin", "dataMax"]} tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={24} />
          <YAxis
            domain={[0, (dataMax: number) => Math.max(dataMax, markerPeak)]}
            tickFormatter={(value: number) => formatCompact(value)}
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <ReferenceLine y={result.window} stroke="#dc2626" strokeDasharray="4 3" label={{ value: `window ${formatCompact(result.window)}`, position: "insideTopRight", fontSize: 11, fill: "#dc2626" }} />
          {result.outputReserve > 0 && (
            <ReferenceLine y={usableWindow} stroke="#f97316" strokeDasharray="2 3" label={{ value: `usable ${formatCompact(usableWindow)}`, position: "insideBottomRight", fontSize: 11, fill: "#ea580c" }} />
          )}
          <Tooltip content={<RowTooltip markers={markers} />} isAnimationActive={false} />
          <Line className="line-baseline" type="linear" dataKey="baseline" stroke={BASELINE} strokeWidth={1} strokeDasharray="3 3" dot={false} connectNulls isAnimationActive={false} />
          {hasRecorded && <Line className="line-recorded" type="linear" dataKey="recorded" stroke={RECORDED} strokeWidth={1} dot={false} connectNulls isAnimationActive={false} />}
          {compare && <Line className="line-compare" type="linear" dataKey="compare" stroke={COMPARE} strokeWidth={1.5} dot={false} connectNulls isAnimationActive={false} />}
          <Line className="line-sent" type="linear" dataKey="sent" stroke={SENT} strokeWidth={2} dot={false} activeDot={{ r: 4 }} isAnimationActive={false} />
          <MarkerLayer markers={markers} />
        </LineChart>
      </ResponsiveContainer>
      <CacheStrip steps={result.steps} />
    </section>
  );
});

function chartData(result: ReplayResult, baseline: readonly ContextPoint[], compare: ReplayResult | null) {
  const baselineByStep = new Map(baseline.map((point) => [point.step, point.estimatedTokens]));
  const compareByStep = compare ? new Map(compare.steps.map((step) => [step.step, step.contextTokens])) : null;
  const markers: Marker[] = [];
  const counts = { compaction: 0, prune: 0, trim: 0 };
  for (const event of result.events) {
    if (event.type !== "compaction-end" && event.type !== "prune" && event.type !== "trim") continue;
    const kind = event.type === "compaction-end" ? "compaction" : event.type;
    if (++counts[kind] > MAX_MARKERS) continue;
    const label = event.type === "prune" ? `prune −${formatCount(event.tokensFreed)}` : `${kind} ${formatCount(event.tokensBefore)} → ${formatCount(event.tokensAfter)}`;
    markers.push({ step: Math.min(event.step, Math.max(0, result.steps.length - 1)), tokens: event.tokensBefore, kind, label });
  }
  const all: ChartRow[] = result.steps.map((step) => ({
    step: step.step,
    messageIndex: step.messageIndex,
    sent: step.contextTokens,
    baseline: baselineByStep.get(step.step) ?? null,
    recorded: step.recordedTokens,
    compare: compareByStep?.get(step.step) ?? null,
    cache: cacheLine(step),
  }));
  const keep = new Set(markers.map((marker) => marker.step));
  const rows = downsample({ points: all, maxPoints: MAX_CHART_POINTS, value: (row) => row.sent, keep }) as ChartRow[];
  return { rows, markers };
}

/**
 * The run's events as one SVG layer: a faint vertical line at each compaction and a dot per event, placed with
 * the chart's own scales. One component instead of a ReferenceLine / ReferenceDot each: recharts registers
 * every reference element in its store, and a run with 170 compactions spent over a second doing so.
 */
function MarkerLayer({ markers }: { markers: readonly Marker[] }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  const plot = usePlotArea();
  if (!x || !y || !plot) return null;
  const placed = markers.flatMap((marker) => {
    const cx = x(marker.step);
    const cy = y(marker.tokens);
    return cx === undefined || cy === undefined || !Number.isFinite(cx) || !Number.isFinite(cy) ? [] : [{ marker, cx, cy }];
  });
  return (
    <g className="run-markers">
      {placed
        .filter(({ marker }) => marker.kind === "compaction")
        .map(({ cx }, index) => (
          <line key={`l${index}`} x1={cx} x2={cx} y1={plot.y} y2={plot.y + plot.height} stroke={COMPACTION} strokeOpacity={0.25} />
        ))}
      {placed.map(({ marker, cx, cy }, index) => (
        <circle
          key={`d${index}`}
          className={`marker-${marker.kind}`}
          cx={cx}
          cy={cy}
          r={marker.kind === "compaction" ? 5 : 3.5}
          fill={marker.kind === "compaction" ? COMPACTION : marker.kind === "prune" ? PRUNE : TRIM}
          stroke="white"
          strokeWidth={1.5}
        >
          <title>{`step ${marker.step}: ${marker.label}`}</title>
        </circle>
      ))}
    </g>
  );
}

function Swatch({ colour, label, dashed = false, thick = false }: { colour: string; label: string; dashed?: boolean; thick?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="inline-block w-4" style={{ borderTop: `${thick ? 2 : 1.5}px ${dashed ? "dashed" : "solid"} ${colour}` }} />
      {label}
    </span>
  );
}

function Dot({ colour, label, testId }: { colour: string; label: string; testId?: string }) {
  return (
    <span className="inline-flex items-center gap-1.5" data-testid={testId}>
      <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: colour }} />
      {label}
    </span>
  );
}

function RowTooltip({ active, payload, markers }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ChartRow }>; markers: Marker[] }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const here = markers.filter((marker) => marker.step === row.step);
  return (
    <div data-testid="run-chart-tooltip" className="rounded border border-slate-200 bg-white px-2 py-1.5 text-xs shadow-md">
      <div className="font-semibold">
        Step {row.step} · message #{row.messageIndex}
      </div>
      <div style={{ color: SENT }}>sent {formatCount(row.sent)}</div>
      {row.baseline !== null && <div className="text-slate-500">no compaction {formatCount(row.baseline)}</div>}
      {row.recorded !== null && <div style={{ color: RECORDED }}>recorded {formatCount(row.recorded)}</div>}
      {row.compare !== null && <div style={{ color: COMPARE }}>previous run {formatCount(row.compare)}</div>}
      {row.cache !== null && <div className="text-slate-600">{row.cache}</div>}
      {here.map((marker, index) => (
        <div key={index} className="font-medium" style={{ color: marker.kind === "compaction" ? COMPACTION : marker.kind === "prune" ? PRUNE : TRIM }}>
          {marker.label}
        </div>
      ))}
    </div>
  );
}
