"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { CartesianGrid, ErrorBar, ResponsiveContainer, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import { DEFAULT_QUALITY_MEASURE, qualityOfRow, type QualityMeasure } from "@/lib/compare/default-quality-measure";
import { paretoFrontier } from "@/lib/compare/pareto-frontier";
import type { CompareEntry } from "@/lib/client/compare-state";
import { placeParetoLabels } from "@/lib/client/place-pareto-labels";
import { paretoGroups, paretoLeaders, type ParetoGroup } from "@/lib/client/pareto-groups";
import { formatCompact, formatCount } from "@/app/_components/format-number";
import { runHref } from "./compare-table";

type Axis = "dollars" | "sent" | "final";

const CHART_HEIGHT = 320;
/** the ScatterChart's margins (left 8, right 24, top 12, bottom 16), the y axis (44) and the x axis (30) */
const PLOT_INSET = { width: 8 + 24 + 44, height: 12 + 16 + 30 };

/** `of` null: the entry has no figure on that axis (no dated price for its model); `floor` keeps the log axis above 0 */
const AXES: Readonly<Record<Axis, { label: string; short: string; of: (entry: CompareEntry) => number | null; format: (value: number) => string; floor: number }>> = {
  dollars: { label: "dollars over the session (with prompt caching)", short: "dollars", of: (entry) => entry.row!.cost?.totalUsd ?? null, format: formatAxisUsd, floor: 1e-6 },
  sent: { label: "tokens sent over the session", short: "tokens sent", of: (entry) => entry.row!.totalTokensSent, format: formatCompact, floor: 1 },
  final: { label: "final context size", short: "final context", of: (entry) => entry.row!.finalContextTokens, format: formatCompact, floor: 1 },
};

type Quality = QualityMeasure;

/** The quality axis: DEFAULT_QUALITY_MEASURE first (continuation recall: what later messages use), or retention of the lab's extracted probes. */
const QUALITIES: Readonly<Record<Quality, { label: string; short: string; testId: string }>> = {
  continuationRecall: { label: "continuation recall", short: "recall", testId: "recall" },
  probeRetention: { label: "probe retention (the lab's extracted probes)", short: "probes", testId: "probes" },
};

function formatAxisUsd(value: number): string {
  return value >= 1 ? `$${formatCompact(value)}` : `$${Number(value.toPrecision(2))}`;
}

/** The axis a chart opens on: dollars when every finished configuration has a price, else tokens sent. */
function defaultAxis(entries: readonly CompareEntry[]): Axis {
  return entries.length > 0 && entries.every((entry) => entry.row?.cost?.totalUsd != null) ? "dollars" : "sent";
}

interface Point {
  key: string;
  label: string;
  colour: string;
  sessionId: string;
  runId: string | null;
  cost: number;
  retention: number;
  /** the 95% interval below and above `retention`, in points (the error bar); [0, 0] without one */
  interval: [number, number];
  low: number | null;
  high: number | null;
  onFrontier: boolean;
  dominatedBy: string | null;
}

/**
 * Who wins: every finished configuration as a point, quality — `DEFAULT_QUALITY_MEASURE` first, or retention of the
 * lab's probes (weighted), each with its 95% interval as a whisker — against tokens — sent over the session, or the final context (both switchable). The Pareto frontier (no other configuration keeps as much for
 * fewer tokens) is drawn as a stepped line through its points; dominated configurations are faded. Clicking a point
 * opens its run in the playground, and so does Enter or Space on a focused point (every point with a run is in the
 * tab order, faded ones included); the frontier is also listed as links. Tokens on a
 * log scale: `none` and the aggressive strategies differ by orders of magnitude.
 */
export function ParetoChart({ entries, colourOf }: { entries: CompareEntry[]; colourOf: (entry: CompareEntry) => string | undefined }) {
  const [chosenAxis, setAxis] = useState<Axis | null>(null);
  const [quality, setQuality] = useState<Quality>(DEFAULT_QUALITY_MEASURE);
  const [chartWidth, setChartWidth] = useState(900);
  const router = useRouter();
  const finished = useMemo(() => entries.filter((entry) => entry.row !== null), [entries]);
  const axis = chosenAxis ?? defaultAxis(finished);
  const { points, line, excluded } = useMemo(() => {
    const costOf = (entry: CompareEntry) => {
      const value = AXES[axis].of(entry);
      return value === null ? null : Math.max(AXES[axis].floor, value);
    };
    const result = paretoFrontier(finished.map((entry) => ({ id: entry.key, retention: qualityOfRow(entry.row!, quality).figure, cost: costOf(entry) })));
    const byKey = new Map(finished.map((entry) => [entry.key, entry]));
    const placed: Point[] = finished.flatMap((entry) => {
      const { figure: retention, low, high } = qualityOfRow(entry.row!, quality);
      const cost = costOf(entry);
      if (retention === null || cost === null) return [];
      const dominator = result.dominatedBy.get(entry.key);
      return [
        {
          key: entry.key,
          label: entry.label,
          colour: colourOf(entry) ?? "#475569",
          sessionId: entry.sessionId,
          runId: entry.runId,
          cost,
          retention: retention * 100,
          interval: [low === null ? 0 : (retention - low) * 100, high === null ? 0 : (high - retention) * 100] as [number, number],
          low,
          high,
          onFrontier: result.frontier.has(entry.key),
          dominatedBy: dominator === undefined ? null : (byKey.get(dominator)?.label ?? null),
        },
      ];
    });
    const frontierLine = stepped(result.line.map((point) => ({ cost: point.cost, retention: point.retention * 100 })));
    return { points: placed, line: frontierLine, excluded: result.excluded.map((entry) => byKey.get(entry.id)?.label ?? String(entry.id)) };
  }, [finished, axis, quality, colourOf]);

  if (finished.length < 2) return null;
  const open = (point: Point) => {
    if (point.runId) router.push(runHref(point.sessionId, point.runId));
  };
  const frontier = points.filter((point) => point.onFrontier).sort((a, b) => a.cost - b.cost);
  const { domain, ticks } = logAxis(points.map((point) => point.cost));
  // the plotting area inside the margins and the y axis (see the ScatterChart below)
  const layout = placeParetoLabels({ points, domain, width: Math.max(100, chartWidth - PLOT_INSET.width), height: CHART_HEIGHT - PLOT_INSET.height });
  const unlabelled = points.filter((point) => !layout.labels.has(point.key));
  // ties grouped (issue #42, item 10): the unlabelled points by spot, and the leaders named above the frontier list
  const groups = paretoGroups(points);
  const unlabelledKeys = new Set(unlabelled.map((point) => point.key));
  const unlabelledGroups = groups.flatMap((group) => {
    return group.points.some((point) => unlabelledKeys.has(point.key)) ? [group] : [];
  });
  const leaders = paretoLeaders(groups);

  return (
    <section data-testid="pareto-chart" data-axis={axis} data-quality={QUALITIES[quality].testId} data-points={points.length} data-frontier={frontier.length} aria-label="Quality against tokens: the Pareto frontier" className="rounded-lg border border-slate-200 bg-white px-2 pt-2 pb-2 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 px-2 pb-1 text-xs">
        <span className="font-semibold text-slate-800">
          Who wins: {QUALITIES[quality].label} against {AXES[axis].label}
        </span>
        <span className="text-slate-500">upper left is better · the line is the Pareto frontier · faded points are beaten on both · whiskers: 95% interval · click a point to open its run</span>
        <span role="radiogroup" aria-label="Quality axis" className="ml-auto inline-flex overflow-hidden rounded border border-slate-300">
          {(Object.keys(QUALITIES) as Quality[]).map((id) => (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={quality === id}
              data-testid={`pareto-quality-${QUALITIES[id].testId}`}
              onClick={() => setQuality(id)}
              className={`px-2 py-0.5 ${quality === id ? "bg-violet-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {QUALITIES[id].short}
            </button>
          ))}
        </span>
        <span role="radiogroup" aria-label="Token axis" className="inline-flex overflow-hidden rounded border border-slate-300">
          {(Object.keys(AXES) as Axis[]).map((id) => (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={axis === id}
              data-testid={`pareto-axis-${id}`}
              onClick={() => setAxis(id)}
              className={`px-2 py-0.5 ${axis === id ? "bg-violet-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {AXES[id].short}
            </button>
          ))}
        </span>
      </div>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT} onResize={(width) => setChartWidth(width)}>
        <ScatterChart margin={{ top: 12, right: 24, bottom: 16, left: 8 }}>
          <CartesianGrid stroke="#eef2f7" />
          <XAxis
            type="number"
            dataKey="cost"
            scale="log"
            domain={domain}
            ticks={ticks}
            allowDataOverflow
            tickFormatter={(value: number) => AXES[axis].format(value)}
            tick={{ fontSize: 11, fill: "#64748b" }}
            label={{ value: `${AXES[axis].short} (log scale)`, position: "insideBottom", offset: -8, fontSize: 11, fill: "#94a3b8" }}
          />
          <YAxis type="number" dataKey="retention" domain={[0, 100]} unit="%" tick={{ fontSize: 11, fill: "#64748b" }} width={44} label={{ value: QUALITIES[quality].short, angle: -90, position: "insideLeft", fontSize: 11, fill: "#94a3b8" }} />
          <Tooltip cursor={{ strokeDasharray: "3 3" }} content={<PointTooltip axis={axis} quality={quality} />} isAnimationActive={false} />
          <Scatter className="pareto-frontier" data={line} line={{ stroke: "#7c3aed", strokeWidth: 1.5, strokeDasharray: "5 3" }} shape={() => <g data-testid="pareto-frontier-step" />} isAnimationActive={false} legendType="none" tooltipType="none" />
          <Scatter
            data={points}
            isAnimationActive={false}
            shape={(props: unknown) => {
              const { cx, cy, payload } = props as { cx: number; cy: number; payload: Point };
              return (
                <g
                  data-testid="pareto-point"
                  data-config={payload.label}
                  data-frontier={payload.onFrontier ? "true" : "false"}
                  data-low={payload.low ?? ""}
                  data-high={payload.high ?? ""}
                  role={payload.runId ? "link" : "img"}
                  tabIndex={payload.runId ? 0 : undefined}
                  aria-label={`${payload.label}: ${payload.retention.toFixed(1)}% ${QUALITIES[quality].short}, ${axis === "dollars" ? `$${payload.cost.toFixed(4)}` : formatCount(payload.cost)} ${AXES[axis].short}${payload.onFrontier ? ", on the frontier" : payload.dominatedBy ? `, beaten by ${payload.dominatedBy}` : ""}`}
                  className="pareto-point outline-none focus-visible:[&>circle]:stroke-violet-900 focus-visible:[&>circle]:stroke-[3px]"
                  style={{ cursor: payload.runId ? "pointer" : "default" }}
                  onClick={() => open(payload)}
                  onKeyDown={(event) => {
                    if (event.key !== "Enter" && event.key !== " ") return;
                    event.preventDefault();
                    open(payload);
                  }}
                >
                  <circle cx={cx} cy={cy} r={payload.onFrontier ? 7 : 5.5} fill={payload.colour} fillOpacity={payload.onFrontier ? 0.95 : 0.25} stroke={payload.onFrontier ? "#4c1d95" : payload.colour} strokeOpacity={payload.onFrontier ? 1 : 0.4} strokeWidth={payload.onFrontier ? 2 : 1} />
                  {(() => {
                    const placed = layout.labels.get(payload.key);
                    if (!placed) return null;
                    return (
                      <>
                        {placed.leader && <line x1={cx + 6} y1={cy} x2={cx + placed.dx - 2} y2={cy + placed.dy - 4} stroke="#a78bfa" strokeWidth={1} />}
                        <text data-testid="pareto-label" x={cx + placed.dx} y={cy + placed.dy} textAnchor={placed.anchor} fontSize={10} fill="#3b0764" fontWeight={600}>
                          {placed.text}
                        </text>
                      </>
                    );
                  })()}
                </g>
              );
            }}
          >
            <ErrorBar dataKey="interval" direction="y" width={4} stroke="#64748b" strokeWidth={1} data-testid="pareto-error-bar" />
          </Scatter>
        </ScatterChart>
      </ResponsiveContainer>
      {leaders && (
        <p data-testid="pareto-leaders" className="px-2 pb-1 text-xs text-slate-700">
          <span className="font-semibold text-violet-900">Leaders: </span>
          most {QUALITIES[quality].short}, {leaders.best.retention.toFixed(1)}%: <GroupNames group={leaders.best} />
          {leaders.cheapest !== leaders.best && (
            <>
              {" "}
              · fewest {AXES[axis].short}, {AXES[axis].format(leaders.cheapest.cost)} ({leaders.cheapest.retention.toFixed(1)}%): <GroupNames group={leaders.cheapest} />
            </>
          )}
          {groups.length < points.length && <span className="text-slate-500"> · {points.length} configurations at {groups.length} spots: ties share a spot and a label</span>}
        </p>
      )}
      <div data-testid="pareto-frontier-list" className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 text-xs text-slate-700">
        <span className="font-semibold text-violet-900">On the frontier:</span>
        {frontier.map((point) =>
          point.runId ? (
            <Link key={point.key} href={runHref(point.sessionId, point.runId)} className="inline-flex items-center gap-1 text-violet-800 hover:underline">
              <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: point.colour }} />
              {point.label} <span className="tabular-nums text-slate-500">({point.retention.toFixed(1)}% · {AXES[axis].format(point.cost)})</span>
            </Link>
          ) : (
            <span key={point.key}>{point.label}</span>
          ),
        )}
        {unlabelled.length > 0 && (
          <span data-testid="pareto-legend" className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
            <span className="font-semibold text-slate-700">Unlabelled points:</span>
            {unlabelledGroups.map((group) => (
              <span key={group.points[0].key} data-testid="pareto-group" data-size={group.points.length} className="inline-flex flex-wrap items-center gap-1">
                {group.points.map((point) => (
                  <span key={point.key} className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: point.colour, opacity: point.onFrontier ? 1 : 0.5 }} />
                ))}
                {group.points.length > 1 ? (
                  <>
                    <span className="font-medium text-slate-700">{group.points.length} tied</span>
                    <span>{group.points.map((point) => point.label).join(", ")}</span>
                  </>
                ) : (
                  group.points[0].label
                )}
                <span className="tabular-nums text-slate-500">
                  ({group.points.some((point) => layout.labels.has(point.key)) ? `labelled on the chart by ${group.points.find((point) => layout.labels.has(point.key))!.label} · ` : ""}
                  {group.retention.toFixed(1)}% · {AXES[axis].format(group.cost)})
                </span>
              </span>
            ))}
          </span>
        )}
        {excluded.length > 0 && <span className="text-slate-500">not placed (nothing counted{axis === "dollars" ? ", or no price" : ""}): {excluded.join(", ")}</span>}
      </div>
    </section>
  );
}

/** A group's names: one, or "a, b and 7 more tied" (all of them in the title). */
function GroupNames({ group }: { group: ParetoGroup<{ key: string; label: string; cost: number; retention: number; onFrontier: boolean }> }) {
  const names = group.points.map((point) => point.label);
  const shown = names.slice(0, 3).join(", ");
  return (
    <span className="font-medium" title={names.join(", ")}>
      {names.length > 3 ? `${shown} and ${names.length - 3} more tied` : names.length > 1 ? `${shown} (tied)` : shown}
    </span>
  );
}

/** A log axis around the values (a little room each side) with 1-2-5 ticks, or only powers of ten when those are many. */
export function logAxis(values: readonly number[]): { domain: [number, number]; ticks: number[] } {
  const positive = values.filter((value) => value > 0);
  if (positive.length === 0) return { domain: [1, 10], ticks: [1, 10] };
  const low = Math.min(...positive) / 1.5;
  const high = Math.max(...positive) * 1.5;
  const ticks: number[] = [];
  for (let power = Math.floor(Math.log10(low)); power <= Math.ceil(Math.log10(high)); power++) {
    for (const mantissa of [1, 2, 5]) {
      const tick = mantissa * 10 ** power;
      if (tick >= low && tick <= high) ticks.push(tick);
    }
  }
  const sparse = ticks.length > 10 ? ticks.filter((tick) => Number.isInteger(Math.log10(tick))) : ticks;
  return { domain: [low, high], ticks: sparse.length >= 2 ? sparse : [low, high] };
}

/** The frontier as a staircase: from each point, across to the next one's cost, then up to its retention. */
function stepped(line: { cost: number; retention: number }[]): { cost: number; retention: number }[] {
  const steps: { cost: number; retention: number }[] = [];
  line.forEach((point, index) => {
    if (index > 0) steps.push({ cost: point.cost, retention: line[index - 1].retention });
    steps.push(point);
  });
  return steps;
}

function PointTooltip({ active, payload, axis, quality }: { active?: boolean; payload?: { payload?: Point }[]; axis: Axis; quality: Quality }) {
  const point = payload?.[0]?.payload;
  if (!active || !point || point.label === undefined) return null;
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow">
      <div className="font-semibold" style={{ color: point.colour }}>
        {point.label}
      </div>
      <div className="tabular-nums">
        {QUALITIES[quality].short} {point.retention.toFixed(1)}%{point.low !== null && point.high !== null ? ` [${(point.low * 100).toFixed(1)}–${(point.high * 100).toFixed(1)}%]` : ""} · {axis === "dollars" ? `$${point.cost.toFixed(4)}` : `${formatCount(point.cost)} ${AXES[axis].short}`}
      </div>
      <div className="text-slate-500">{point.onFrontier ? "on the Pareto frontier" : point.dominatedBy ? `beaten by ${point.dominatedBy}` : "dominated"}</div>
    </div>
  );
}
