"use client";

import { useMemo, useState } from "react";
import { Area, AreaChart, Brush, ResponsiveContainer } from "recharts";
import { formatCount } from "@/app/_components/format-number";

export interface OverviewPoint {
  step: number;
  value: number;
}

/** A zoom range in steps, both ends included; null is the whole run. */
export type StepRange = readonly [number, number] | null;

const BRUSH_HEIGHT = 34;

/**
 * The whole curve in miniature under a chart, with a brush over it: drag its ends (or focus one and press ← →) to
 * zoom the chart above to a stretch of steps, drag its middle to pan; "whole run" resets. The chart above redraws
 * the chosen stretch from the full-resolution data (thinned again), so zooming in shows detail the overview hides.
 * The overview is an area, not a line, so it is never counted among the chart's lines.
 */
export function ZoomNavigator({
  overview,
  range,
  onRange,
  colour,
  testId,
}: {
  /** the curve thinned to a few hundred points, in step order */
  overview: readonly OverviewPoint[];
  range: StepRange;
  onRange: (range: StepRange) => void;
  colour: string;
  testId: string;
}) {
  const steps = useMemo(() => overview.map((point) => point.step), [overview]);
  // the brush keeps its own ends; a reset, or another run or comparison drawn, mounts a fresh one over the whole run
  const [generation, setGeneration] = useState(0);
  const last = overview.length - 1;
  if (last < 2) return null;
  const label = range ? `zoomed to steps ${formatCount(range[0])}–${formatCount(range[1])} of ${formatCount(steps[last])}` : `whole run: steps 0–${formatCount(steps[last])}`;
  return (
    <div data-testid={testId} data-from={range?.[0] ?? steps[0]} data-to={range?.[1] ?? steps[last]} className="flex items-center gap-2 px-1">
      <div className="min-w-0 flex-1">
        <ResponsiveContainer width="100%" height={BRUSH_HEIGHT + 4}>
          <AreaChart data={overview as OverviewPoint[]} margin={{ top: 0, right: 16, bottom: 2, left: 52 }}>
            <Brush
              key={`${generation}:${last}:${steps[last]}`}
              dataKey="step"
              height={BRUSH_HEIGHT}
              travellerWidth={8}
              stroke="#7c3aed"
              fill="#faf5ff"
              ariaLabel={`${label}; arrow keys move this end`}
              tickFormatter={(value: number) => formatCount(value)}
              onChange={(next) => {
                const start = next.startIndex ?? 0;
                const end = next.endIndex ?? last;
                onRange(start <= 0 && end >= last ? null : [steps[start], steps[Math.max(start + 1, end)] ?? steps[last]]);
              }}
            >
              <AreaChart data={overview as OverviewPoint[]}>
                <Area dataKey="value" type="linear" stroke={colour} fill={colour} fillOpacity={0.15} strokeWidth={1} dot={false} isAnimationActive={false} />
              </AreaChart>
            </Brush>
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <button
        type="button"
        data-testid={`${testId}-reset`}
        disabled={range === null}
        onClick={() => {
          setGeneration((current) => current + 1);
          onRange(null);
        }}
        className="shrink-0 rounded border border-slate-300 bg-white px-1.5 py-px text-xs text-slate-700 hover:bg-slate-100 disabled:cursor-default disabled:border-slate-200 disabled:text-slate-500"
      >
        whole run
      </button>
      <span className="sr-only" aria-live="polite">
        {label}
      </span>
    </div>
  );
}
