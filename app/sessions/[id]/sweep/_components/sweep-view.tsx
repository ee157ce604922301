"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { MAX_SWEEP_CELLS, type SweepAxis, type SweepSetup } from "@/lib/api/contracts/compare-schemas";
import type { StrategyInfo } from "@/lib/api/contracts/run-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { overridesOf } from "@/lib/client/compare-configs";
import { settingControls, type SettingControl } from "@/lib/client/setting-controls";
import { sweepValues, type SweepRange } from "@/lib/client/sweep-axis";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { CompareOptionsForm, compareOptionsDraftOf, compareOptionsOf, initialCompareOptions, type CompareOptionsDraft } from "@/app/_components/compare/compare-options-form";
import { CompareProgress } from "@/app/_components/compare/compare-progress";
import { useCompareStream } from "@/app/_components/compare/use-compare-stream";
import { useRememberedState } from "@/app/_components/compare/use-remembered-state";
import { WorkbenchNav } from "@/app/_components/compare/workbench-nav";
import { SettingField } from "@/app/sessions/[id]/_components/setting-field";
import { sourceLabel } from "@/app/sessions/[id]/_components/strategy-panel";
import { defaultRange, SweepAxisField } from "./sweep-axis-field";
import { ParetoChart } from "@/app/_components/compare/pareto-chart";
import { seriesColour } from "@/app/_components/compare/series-colour";
import { SweepHeatmap } from "./sweep-heatmap";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs focus:border-violet-500";
type NumberControl = Extract<SettingControl, { kind: "number" }>;

interface SweepForm {
  strategy: string;
  /** settings every cell shares (the axes override theirs) */
  settings: Record<string, unknown>;
  x: SweepRange;
  y: SweepRange | null;
}

function formFor(strategy: StrategyInfo): SweepForm | null {
  const numeric = numericControls(strategy);
  if (numeric.length === 0) return null;
  return { strategy: strategy.id, settings: structuredClone(strategy.defaults), x: defaultRange(numeric[0], strategy.defaults[numeric[0].key]), y: null };
}

function numericControls(strategy: StrategyInfo): NumberControl[] {
  return settingControls(strategy.settingsJsonSchema, strategy.defaults).filter((control): control is NumberControl => control.kind === "number");
}

type RanAxes = { x: { key: string; values: number[] }; y: { key: string; values: number[] } | null };

/** A stored sweep's axes as the heatmap draws them (the form only sends numbers), or null. */
function axesOf(sweep: SweepSetup | null | undefined): RanAxes | null {
  const numbers = (axis: SweepAxis) => (axis.values.every((value) => typeof value === "number") ? { key: axis.key, values: axis.values as number[] } : null);
  if (!sweep) return null;
  const x = numbers(sweep.x);
  const y = sweep.y ? numbers(sweep.y) : null;
  return x && (!sweep.y || y) ? { x, y } : null;
}

/** The form that asks a stored sweep again: its strategy, its shared settings over the defaults, its axes as ranges. */
function formOf(sweep: SweepSetup, strategy: StrategyInfo): SweepForm | null {
  const axes = axesOf(sweep);
  const numeric = numericControls(strategy);
  const rangeOf = (axis: { key: string; values: number[] }): SweepRange | null => {
    const control = numeric.find((candidate) => candidate.key === axis.key);
    return control ? { key: axis.key, from: axis.values[0], to: axis.values[axis.values.length - 1], steps: axis.values.length, integer: control.integer } : null;
  };
  const x = axes && rangeOf(axes.x);
  const y = axes?.y ? rangeOf(axes.y) : null;
  if (!x || (axes?.y && !y)) return null;
  return { strategy: strategy.id, settings: { ...structuredClone(strategy.defaults), ...sweep.settings }, x, y };
}

/** Axis values, or the message naming the field that stops them. */
function valuesOf(range: SweepRange | null): { values: number[] | null; error: string | null } {
  if (!range) return { values: null, error: null };
  try {
    return { values: sweepValues(range), error: null };
  } catch (error) {
    return { values: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A parameter sweep on one session: one strategy, one or two numeric settings over ranges (threshold 40K–200K ×
 * keep-recent 5K–40K), every cell replayed with progress, then a heatmap of retention against tokens sent whose
 * cells open their runs. The sweep is stored as jobs: a reload (or a `?comparison=` link) follows it again and gets
 * back its form, its options and its heatmap's axes from the stream's `started` line.
 */
export function SweepView({ sessionId }: { sessionId: string }) {
  const session = useQuery(sessionQueries.detail(sessionId));
  const strategies = useQuery(runQueries.strategies());
  // the providers' own compaction is not swept: every point of a sweep would send the session to the provider
  const list = useMemo(() => (strategies.data?.strategies ?? []).filter((strategy) => numericControls(strategy).length > 0 && !strategy.provider), [strategies.data]);
  const [form, setForm] = useRememberedState<SweepForm | null>(`sweep:${sessionId}:form`, null);
  const [options, setOptions] = useRememberedState<CompareOptionsDraft>(`sweep:${sessionId}:options`, () => initialCompareOptions(null));
  const [showShared, setShowShared] = useState(false);
  const [ran, setRan] = useRememberedState<RanAxes | null>(`sweep:${sessionId}:axes`, null);
  const stream = useCompareStream(`sweep:${sessionId}`);
  // the axes of the sweep on screen: the stored sweep's own once its stream says (a reload, a link), else the last run's
  const axes = axesOf(stream.state.sweep) ?? ran;

  // a page that follows a stored sweep again (?comparison=, a reload) shows what it asked, unless the form was touched
  const restored = stream.state.sweep;
  useEffect(() => {
    if (form || !restored) return;
    const strategy = list.find((candidate) => candidate.id === restored.strategy);
    const next = strategy && formOf(restored, strategy);
    if (!next) return;
    setForm(next);
    setOptions(compareOptionsDraftOf(restored.options));
  }, [form, restored, list, setForm, setOptions]);

  const current = form ?? (list.length > 0 ? formFor(list.find((strategy) => strategy.id === "pi") ?? list[0]) : null);
  const strategy = list.find((candidate) => candidate.id === current?.strategy);
  const numeric = strategy ? numericControls(strategy) : [];
  const x = valuesOf(current?.x ?? null);
  const y = valuesOf(current?.y ?? null);
  const sameKey = current?.y && current.y.key === current.x.key ? "Pick two different settings" : null;
  const cells = (x.values?.length ?? 0) * (current?.y ? (y.values?.length ?? 0) : 1);
  const tooMany = cells > MAX_SWEEP_CELLS ? `${cells} cells: a sweep has at most ${MAX_SWEEP_CELLS}` : null;
  const canRun = Boolean(current && strategy && x.values && (!current.y || y.values) && !sameKey && !tooMany && !stream.busy);
  const sessionWindow = typeof session.data?.meta.contextWindow === "number" ? session.data.meta.contextWindow : null;

  const update = (patch: Partial<SweepForm>) => current && setForm({ ...current, ...patch });
  const pickAxis = (axis: "x" | "y", key: string) => {
    const control = numeric.find((candidate) => candidate.key === key);
    if (control && strategy) update({ [axis]: defaultRange(control, strategy.defaults[key]) });
  };

  const run = () => {
    if (!current || !strategy || !x.values) return;
    const axes = { x: { key: current.x.key, values: x.values }, y: current.y && y.values ? { key: current.y.key, values: y.values } : null };
    setRan(axes);
    void stream.start({
      url: `/api/sessions/${encodeURIComponent(sessionId)}/sweep`,
      body: { ...compareOptionsOf(options), strategy: strategy.id, settings: overridesOf(current.settings, strategy.defaults), x: axes.x, ...(axes.y ? { y: axes.y } : {}) },
      expected: sweepLabels(axes).map((label, index) => ({ index, sessionId, label })),
      sessionIds: [sessionId],
    });
  };

  return (
    <div className="space-y-3">
      <WorkbenchNav sessionId={sessionId} title={session.data?.title ?? null} current="sweep" />
      {session.error && <ApiErrorView title="Could not load this session" error={toApiErrorBody(session.error)} testId="session-error" />}
      {strategies.error && <ApiErrorView title="Could not load the strategies" error={toApiErrorBody(strategies.error)} />}
      {current && strategy ? (
        <section data-testid="sweep-form" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <label className="flex flex-wrap items-center gap-2 text-xs">
            <span className="font-semibold text-slate-700">Strategy</span>
            <select
              data-testid="sweep-strategy"
              value={current.strategy}
              disabled={stream.busy}
              onChange={(event) => {
                const next = list.find((candidate) => candidate.id === event.target.value);
                if (next) setForm(formFor(next));
              }}
              className={INPUT}
            >
              {list.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.label} — {sourceLabel(candidate.source)}
                </option>
              ))}
            </select>
            <span className="text-slate-500">{strategy.description}</span>
          </label>
          <fieldset disabled={stream.busy} className="grid gap-3 md:grid-cols-2">
            <div>
              <h3 className="mb-1 text-xs font-semibold text-slate-700">First setting (columns)</h3>
              <SweepAxisField name="x" controls={numeric} range={current.x} onChange={(range) => update({ x: range })} onPick={(key) => pickAxis("x", key)} error={x.error} />
            </div>
            <div>
              <label className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-slate-700">
                <input
                  type="checkbox"
                  data-testid="sweep-y-enabled"
                  checked={current.y !== null}
                  disabled={numeric.length < 2}
                  onChange={(event) => {
                    const other = numeric.find((control) => control.key !== current.x.key);
                    update({ y: event.target.checked && other ? defaultRange(other, strategy.defaults[other.key]) : null });
                  }}
                  className="accent-violet-600"
                />
                Second setting (rows){numeric.length < 2 && <span className="font-normal text-slate-500"> — this strategy has one numeric setting</span>}
              </label>
              {current.y && <SweepAxisField name="y" controls={numeric} range={current.y} onChange={(range) => update({ y: range })} onPick={(key) => pickAxis("y", key)} error={y.error ?? sameKey} />}
            </div>
          </fieldset>
          <div>
            <button type="button" aria-expanded={showShared} onClick={() => setShowShared(!showShared)} className="text-xs text-violet-700 hover:underline">
              {showShared ? "▾" : "▸"} Other settings, shared by every cell ({Object.keys(overridesOf(current.settings, strategy.defaults)).length} changed)
            </button>
            {showShared && (
              <fieldset disabled={stream.busy} className="mt-1 grid gap-2 md:grid-cols-2 xl:grid-cols-3">
                {settingControls(strategy.settingsJsonSchema, strategy.defaults).map((control) => (
                  <SettingField key={`${strategy.id}:${control.key}`} control={control} value={current.settings[control.key]} fallback={strategy.defaults[control.key]} onChange={(value) => update({ settings: { ...current.settings, [control.key]: value } })} />
                ))}
              </fieldset>
            )}
          </div>
        </section>
      ) : (
        !strategies.error && <div className="h-32 animate-pulse rounded-lg bg-slate-200/60" aria-busy="true" />
      )}
      <div className="flex flex-wrap items-end gap-3">
        <CompareOptionsForm options={options} onChange={setOptions} sessionWindow={sessionWindow} disabled={stream.busy} />
        <button type="button" data-testid="sweep-run" disabled={!canRun} onClick={run} className="rounded-md bg-violet-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-violet-800 disabled:opacity-50">
          {stream.busy ? "Running…" : `Run ${cells} cell${cells === 1 ? "" : "s"}`}
        </button>
        {tooMany && <span data-testid="sweep-too-many" className="text-xs text-red-700">{tooMany}</span>}
      </div>
      {stream.state.error && <ApiErrorView title="The sweep was refused or failed" error={stream.state.error} testId="sweep-error" />}
      <CompareProgress state={stream.state} onCancel={stream.cancel} />
      {axes && stream.state.phase !== "idle" && <SweepHeatmap sessionId={sessionId} entries={stream.state.entries} x={axes.x} y={axes.y} />}
      {stream.state.entries.filter((entry) => entry.row).length >= 2 && <ParetoChart entries={stream.state.entries} colourOf={(entry) => seriesColour(entry.index)} />}
      {stream.state.entries.some((entry) => entry.error) && (
        <ul data-testid="sweep-failed-cells" className="space-y-0.5 text-xs text-red-700">
          {stream.state.entries.flatMap((entry) => (entry.error ? [<li key={entry.key}>{entry.label}: {entry.error.message}</li>] : []))}
        </ul>
      )}
    </div>
  );
}

/** The cells' labels in the server's x-major order and wording (lib/compare/sweep-configs): `key=value, key=value`. */
function sweepLabels(axes: { x: { key: string; values: number[] }; y: { key: string; values: number[] } | null }): string[] {
  return axes.x.values.flatMap((x) => (axes.y ? axes.y.values.map((y) => `${axes.x.key}=${x}, ${axes.y!.key}=${y}`) : [`${axes.x.key}=${x}`]));
}
