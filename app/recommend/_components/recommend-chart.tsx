"use client";

import { useMemo } from "react";
import { CartesianGrid, ErrorBar, Legend, ReferenceLine, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import type { RecommendationPoint, RecommendationView } from "@/lib/api/contracts/recommend-schemas";
import { formatCompact, formatUsd } from "@/app/_components/format-number";
import { logAxis } from "@/app/_components/compare/pareto-chart";
import { seriesColour } from "@/app/_components/compare/series-colour";
import { windowLabel } from "@/lib/compare/recommend/window-label";

interface Dot {
  configIndex: number;
  label: string;
  /** the cost ranked on: dollars, or tokens when a price is missing (the verdict's costBasis) */
  usd: number;
  recall: number;
  /** the 95% interval of the worst recall below and above it, in points (the error bar) */
  interval: [number, number];
  low: number | null;
  high: number | null;
  rank: string | null;
  onFrontier: boolean;
  meetsFloor: boolean;
  isDefault: boolean;
  chosen: "recommended" | "runner-up" | null;
  /** the setting's window, and its rank among the recommendation's windows (0: the smallest, drawn filled) */
  window: number | null;
  windowRank: number;
}

/**
 * Every setting as a point: its dollars over the chosen sessions (with prompt caching, log scale; tokens when a price
 * is missing) against its worst continuation recall over them with its 95% interval as a whisker, one colour per strategy, the agent's defaults as squares; the Pareto frontier as a
 * stepped line, the quality floor as a dashed line, the recommendation and the runner-up ringed.
 */
export function RecommendChart({ view }: { view: RecommendationView }) {
  const byTokens = view.verdict !== null && view.verdict.costBasis !== "usd";
  const costText = (value: number) => (byTokens ? `${formatCompact(value)} tokens` : formatUsd(value));
  const { series, line, domain, ticks, placed, windows } = useMemo(() => {
    const costOf = (point: RecommendationPoint) => (byTokens ? point.tokens : point.usd);
    const chosenOf = (point: RecommendationPoint): Dot["chosen"] =>
      view.recommended?.point.configIndex === point.configIndex ? "recommended" : view.runnerUp?.point.configIndex === point.configIndex ? "runner-up" : null;
    const windows = [...new Set(view.points.map((point) => point.window).filter((window): window is number => window !== null))].sort((a, b) => a - b);
    const dots = view.points
      .filter((point) => costOf(point) !== null && point.worstRecall !== null)
      .map((point): Dot & { strategy: string } => ({
        configIndex: point.configIndex,
        label: point.label,
        strategy: point.strategy,
        usd: Math.max(1e-6, costOf(point)!),
        recall: point.worstRecall! * 100,
        interval: [point.low === null ? 0 : (point.worstRecall! - point.low) * 100, point.high === null ? 0 : (point.high - point.worstRecall!) * 100],
        low: point.low,
        high: point.high,
        rank: point.rank?.label ?? null,
        onFrontier: point.onFrontier,
        meetsFloor: point.meetsFloor,
        isDefault: point.isDefault,
        chosen: chosenOf(point),
        window: point.window,
        windowRank: point.window === null ? 0 : windows.indexOf(point.window),
      }));
    const strategies = [...new Set(view.points.map((point) => point.strategy))];
    const frontier = view.frontier.map((entry) => ({ usd: Math.max(1e-6, entry.usd), recall: entry.worstRecall * 100 }));
    const steps: { usd: number; recall: number }[] = [];
    frontier.forEach((point, index) => {
      if (index > 0) steps.push({ usd: point.usd, recall: frontier[index - 1].recall });
      steps.push(point);
    });
    return {
      series: strategies.map((strategy, index) => ({ strategy, colour: seriesColour(index), dots: dots.filter((dot) => dot.strategy === strategy) })),
      line: steps,
      placed: dots.length,
      windows,
      ...logAxis(dots.map((dot) => dot.usd)),
    };
  }, [view, byTokens]);

  if (placed === 0) return <p className="text-xs text-slate-600">No setting has both {byTokens ? "tokens" : "dollars"} and a recall score yet.</p>;
  return (
    <section data-testid="recommend-chart" data-points={placed} data-frontier={view.frontier.length} aria-label="Dollars against continuation recall for every setting" className="rounded-lg border border-slate-200 bg-white px-2 pt-2 pb-1 shadow-sm">
      <div className="px-2 pb-1 text-xs">
        <span className="font-semibold text-slate-800">Worst continuation recall over the sessions against {byTokens ? "tokens (no dated price for every setting)" : "dollars (with prompt caching)"}</span>{" "}
        <span className="text-slate-600">upper left is better · whiskers: 95% interval · squares are the agents&apos; defaults · the dashed horizontal line is the floor · the stepped line is the frontier</span>
        {windows.length > 1 && (
          <span data-testid="recommend-chart-windows" className="text-slate-600">
            {" · "}
            {windows.map((window, rank) => `${WINDOW_MARKS[Math.min(rank, WINDOW_MARKS.length - 1)]}: ${windowLabel(window)} window`).join(", ")}
          </span>
        )}
      </div>
      <ResponsiveContainer width="100%" height={340}>
        <ScatterChart margin={{ top: 12, right: 24, bottom: 16, left: 8 }}>
          <CartesianGrid stroke="#eef2f7" />
          <XAxis type="number" dataKey="usd" scale="log" domain={domain} ticks={ticks} allowDataOverflow tickFormatter={(value: number) => (byTokens ? formatCompact(value) : formatUsd(value))} tick={{ fontSize: 11, fill: "#475569" }} label={{ value: `${byTokens ? "tokens" : "dollars"} over the sessions (log scale)`, position: "insideBottom", offset: -8, fontSize: 11, fill: "#475569" }} />
          <YAxis type="number" dataKey="recall" domain={[0, 100]} unit="%" tick={{ fontSize: 11, fill: "#475569" }} width={44} />
          {view.request.within === undefined && <ReferenceLine y={view.request.floor * 100} stroke="#b91c1c" strokeDasharray="4 4" label={{ value: `floor ${Math.round(view.request.floor * 1000) / 10}%`, position: "insideTopLeft", fontSize: 10, fill: "#b91c1c" }} />}
          <Tooltip cursor={{ strokeDasharray: "3 3" }} content={<DotTooltip costText={costText} />} isAnimationActive={false} />
          <Legend verticalAlign="top" height={20} wrapperStyle={{ fontSize: 11 }} />
          <Scatter name="frontier" data={line} line={{ stroke: "#7c3aed", strokeWidth: 1.5, strokeDasharray: "5 3" }} shape={() => <g data-testid="recommend-frontier-step" />} isAnimationActive={false} legendType="none" tooltipType="none" />
          {series.map((entry) => (
            <Scatter
              key={entry.strategy}
              name={entry.strategy}
              data={entry.dots}
              fill={entry.colour}
              isAnimationActive={false}
              shape={(props: unknown) => {
                const { cx, cy, payload } = props as { cx: number; cy: number; payload: Dot };
                const size = payload.onFrontier ? 6.5 : 5;
                // the smallest window filled, the next ones hollow (dashed from the third): the same strategy at two
                // windows is told apart at a glance
                const hollow = payload.windowRank > 0;
                const fillOpacity = hollow ? 0.06 : payload.meetsFloor ? 0.9 : 0.35;
                const dash = payload.windowRank > 1 ? "2 2" : undefined;
                return (
                  <g data-testid="recommend-point" data-config={payload.label} data-window={payload.window ?? ""} data-frontier={payload.onFrontier ? "true" : "false"} data-chosen={payload.chosen ?? ""} data-low={payload.low ?? ""} data-high={payload.high ?? ""} data-rank={payload.rank ?? ""} role="img" aria-label={`${payload.label}: ${costText(payload.usd)}, worst recall ${payload.recall.toFixed(1)}%${payload.low !== null && payload.high !== null ? ` (95% interval ${(payload.low * 100).toFixed(1)}–${(payload.high * 100).toFixed(1)}%)` : ""}${payload.rank ? `, ${payload.rank}` : ""}${payload.chosen ? `, the ${payload.chosen}` : ""}`}>
                    {payload.chosen && <circle cx={cx} cy={cy} r={size + 5} fill="none" stroke={payload.chosen === "recommended" ? "#15803d" : "#0369a1"} strokeWidth={2.5} />}
                    {payload.isDefault ? (
                      <rect x={cx - size} y={cy - size} width={size * 2} height={size * 2} fill={entry.colour} fillOpacity={fillOpacity} stroke={hollow ? entry.colour : "#0f172a"} strokeWidth={hollow ? 2 : 1} strokeDasharray={dash} />
                    ) : (
                      <circle cx={cx} cy={cy} r={size} fill={entry.colour} fillOpacity={fillOpacity} stroke={payload.onFrontier ? "#3b0764" : entry.colour} strokeWidth={payload.onFrontier || hollow ? 2 : 1} strokeDasharray={dash} />
                    )}
                  </g>
                );
              }}
            >
              <ErrorBar dataKey="interval" direction="y" width={3} stroke={entry.colour} strokeWidth={1} />
            </Scatter>
          ))}
        </ScatterChart>
      </ResponsiveContainer>
    </section>
  );
}

/** How each window's points are drawn, smallest window first. */
const WINDOW_MARKS = ["filled", "hollow", "hollow dashed"] as const;

function DotTooltip({ active, payload, costText }: { active?: boolean; payload?: { payload?: Dot }[]; costText?: (value: number) => string }) {
  const dot = payload?.[0]?.payload;
  if (!active || !dot || dot.label === undefined) return null;
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow">
      <div className="font-semibold">{dot.label}</div>
      <div className="tabular-nums">
        {(costText ?? formatUsd)(dot.usd)} · worst recall {dot.recall.toFixed(1)}%{dot.low !== null && dot.high !== null ? ` [${(dot.low * 100).toFixed(1)}–${(dot.high * 100).toFixed(1)}%]` : ""}
      </div>
      <div className="text-slate-600">{[dot.meetsFloor ? "meets the floor" : "below the floor", dot.rank, dot.onFrontier ? "on the frontier" : null, dot.chosen].filter(Boolean).join(" · ")}</div>
    </div>
  );
}
