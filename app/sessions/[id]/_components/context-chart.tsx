"use client";

import { useMemo, useRef, type MouseEvent, type RefObject } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, usePlotArea, XAxis, YAxis } from "recharts";
import { downsample } from "@/lib/client/downsample";
import { nearestIndex, stepAtPointer } from "@/lib/client/step-at-pointer";
import type { ContextPoint } from "@/lib/api/contracts/schemas";
import { formatCompact, formatCount } from "@/app/_components/format-number";

const ESTIMATED_COLOUR = "var(--color-estimated)";
const RECORDED_COLOUR = "var(--color-recorded)";
export const CONTEXT_CHART_HEIGHT = 220;
/**
 * Points drawn at most: a 100,000-message session has ~50,000 calls, and drawing them all blocked the page for
 * seconds; 2,000 still took recharts most of a second. 800 (each bucket's high and low) is about one per pixel
 * column of the plot at the page's width, so the line looks the same.
 */
export const MAX_CONTEXT_CHART_POINTS = 800;
const NO_GRID_LINES = () => [];

/**
 * Context size before each model call: the chars/4 estimate, and what the transcript recorded where it did.
 * A click asks the timeline to scroll to the message of the call under the pointer (from its x: no hover needed). Long sessions are thinned to
 * {@link MAX_CONTEXT_CHART_POINTS} points that keep each stretch's highest and lowest value (`downsample`).
 *
 * `points` is null while the session's detail loads: the chart is mounted empty meanwhile (axes, no line), so
 * recharts' own set-up — most of a first draw, ~200 ms on a 2-core machine whatever the number of points — is done
 * while the curve is on its way, and the curve's arrival only adds the line.
 */
export function ContextChart({
  points,
  contextWindow,
  onPointClick,
}: {
  points: ContextPoint[] | null;
  contextWindow: number | null;
  onPointClick: (messageIndex: number) => void;
}) {
  const loading = points === null;
  const hasRecorded = points?.some((point) => point.recordedTokens !== null) ?? false;
  const drawn = useMemo(
    () => (points === null ? [] : downsample({ points, maxPoints: MAX_CONTEXT_CHART_POINTS, value: (point) => Math.max(point.estimatedTokens, point.recordedTokens ?? 0) })),
    [points],
  );
  const plotRef = useRef<SVGRectElement>(null);
  const onPlotClick = (event: MouseEvent) => {
    const box = plotRef.current?.getBoundingClientRect();
    if (!points || points.length === 0 || !box || event.clientY < box.top || event.clientY > box.bottom) return;
    const steps = points.map((point) => point.step);
    const step = stepAtPointer({ offsetX: event.clientX - box.left, width: box.width, from: steps[0], to: steps[steps.length - 1] });
    const point = points[nearestIndex(steps, step)];
    if (point) onPointClick(point.messageIndex);
  };
  if (points?.length === 0) {
    return (
      <section data-testid="context-chart" className="rounded border border-slate-200 bg-white px-3 py-4 text-slate-500">
        No model calls in this session, so there is no context curve to draw.
      </section>
    );
  }
  return (
    <section
      data-testid={loading ? "context-chart-loading" : "context-chart"}
      aria-busy={loading || undefined}
      data-series={loading ? undefined : hasRecorded ? "estimated,recorded" : "estimated"}
      data-points={loading ? undefined : drawn.length}
      data-steps={points?.length}
      className="rounded border border-slate-200 bg-white px-2 pt-2 pb-1"
      aria-label="Context size per model call"
    >
      <div className="flex flex-wrap items-center gap-4 px-2 pb-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">Context size per model call</span>
        {loading ? (
          <span className="animate-pulse text-slate-500">loading the curve…</span>
        ) : (
          <>
            <Swatch colour={ESTIMATED_COLOUR} label="estimated (chars/4)" />
            {hasRecorded ? (
              <Swatch colour={RECORDED_COLOUR} label="recorded by the source" />
            ) : (
              <span className="text-slate-500">no recorded usage in this transcript</span>
            )}
            <span className="ml-auto text-slate-500">click a point to open its message</span>
          </>
        )}
      </div>
      <div onClick={onPlotClick} style={{ cursor: "pointer" }}>
      <ResponsiveContainer width="100%" height={CONTEXT_CHART_HEIGHT}>
        <LineChart data={drawn as ContextPoint[]} margin={{ top: 6, right: 16, bottom: 4, left: 4 }}>
          {/* no vertical lines, so none are placed: the grid's own x tick placement measured every label's text (a forced
              layout of the whole page each, ~75 ms of the chart's ~300 ms of main-thread time) even with vertical off */}
          <CartesianGrid stroke="#e2e8f0" vertical={false} verticalCoordinatesGenerator={NO_GRID_LINES} />
          {/* a numeric axis: a few round ticks instead of one measured label per drawn point (2,000 forced layouts), all
              shown (interval 0) so no label is measured to thin them */}
          <XAxis
            dataKey="step"
            type="number"
            domain={["dataMin", "dataMax"]}
            allowDecimals={false}
            interval={0}
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={{ stroke: "#cbd5e1" }}
            minTickGap={24}
          />
          {/* interval 0: every one of the axis' few round ticks, placed without measuring each label's text first */}
          <YAxis
            interval={0}
            tickFormatter={(value: number) => formatCompact(value)}
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          {contextWindow && (
            <ReferenceLine
              y={contextWindow}
              stroke="#dc2626"
              strokeDasharray="4 3"
              label={{ value: `window ${formatCompact(contextWindow)}`, position: "insideTopRight", fontSize: 11, fill: "#dc2626" }}
            />
          )}
          <Tooltip content={<PointTooltip />} isAnimationActive={false} />
          <Line
            className="line-estimated"
            type="linear"
            dataKey="estimatedTokens"
            name="estimated"
            stroke={ESTIMATED_COLOUR}
            strokeWidth={1.5}
            dot={drawn.length <= 60}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
          {hasRecorded && (
            <Line
              className="line-recorded"
              type="linear"
              dataKey="recordedTokens"
              name="recorded"
              stroke={RECORDED_COLOUR}
              strokeWidth={1.5}
              dot={drawn.length <= 60}
              activeDot={{ r: 4 }}
              connectNulls
              isAnimationActive={false}
            />
          )}
          <PlotBounds boundsRef={plotRef} />
        </LineChart>
      </ResponsiveContainer>
      </div>
    </section>
  );
}

/** An invisible rectangle over the plot area: its screen box turns a click's x into a step. */
function PlotBounds({ boundsRef }: { boundsRef: RefObject<SVGRectElement | null> }) {
  const plot = usePlotArea();
  if (!plot) return null;
  return <rect ref={boundsRef} data-testid="context-chart-plot" x={plot.x} y={plot.y} width={plot.width} height={plot.height} fill="none" pointerEvents="none" />;
}

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="inline-block h-0.5 w-4" style={{ background: colour }} />
      {label}
    </span>
  );
}

function PointTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ContextPoint }> }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div data-testid="chart-tooltip" className="rounded border border-slate-200 bg-white px-2 py-1.5 text-xs shadow-sm">
      <div className="font-semibold">
        Step {point.step} · message #{point.messageIndex}
      </div>
      <div style={{ color: ESTIMATED_COLOUR }}>estimated {formatCount(point.estimatedTokens)}</div>
      <div style={{ color: RECORDED_COLOUR }}>
        recorded {point.recordedTokens === null ? "—" : formatCount(point.recordedTokens)}
      </div>
    </div>
  );
}
