"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { COMMON_WINDOWS, DEFAULT_QUALITY_FLOOR, type RecommendRequest, type RecommendRequestInput } from "@/lib/api/contracts/recommend-schemas";
import { MAX_MULTI_SESSIONS } from "@/lib/api/contracts/compare-schemas";
import { toApiErrorBody } from "@/lib/client/api-request-error";
import { sessionQueries } from "@/lib/query-hooks/session-queries";
import { ApiErrorView } from "@/app/_components/api-error-view";
import { formatCount } from "@/app/_components/format-number";
import { SessionPicker } from "@/app/_components/session-picker";
import { recommendFormValues } from "./recommend-form-values";

export interface ModelOption {
  id: string;
  window: number | null;
}
export interface StrategyOption {
  id: string;
  defaultShareAt200K: number;
}

const INPUT = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";

/** "20, 50, 95" (percent) → [0.2, 0.5, 0.95]; a value that is not a number in 10–95 is named. */
export function parseShares(text: string): { shares: number[] } | { error: string } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) return { error: "Give at least one trigger share (percent of the window, 10–95)." };
  const shares: number[] = [];
  for (const part of parts) {
    const value = Number(part.replace(/%$/, ""));
    if (!Number.isFinite(value) || value < 10 || value > 95) return { error: `Trigger share "${part}" is not a percentage between 10 and 95.` };
    shares.push(Math.round(value * 10) / 1000);
  }
  return { shares: [...new Set(shares)].sort((a, b) => a - b) };
}

/**
 * What to recommend for: the sessions, the strategies whose trigger is swept, the model (its prices and, when the
 * lab knows it, its window) or a list of windows, the trigger shares and the quality floor. With `initial` (the
 * request of the stored recommendation on show) the fields start from it, to be changed and run again; a window or
 * a priced model the form does not list is added to its choices.
 */
export function RecommendForm({
  models,
  strategies,
  busy,
  initial,
  initialShown,
  onStart,
}: {
  models: ModelOption[];
  strategies: StrategyOption[];
  busy: boolean;
  initial?: RecommendRequest | null;
  /** the recommendation `initial` came from is the one on show (a note says the form was filled in from it) */
  initialShown?: boolean;
  onStart: (input: RecommendRequestInput) => void;
}) {
  const sessions = useQuery(sessionQueries.list());
  const [startValues] = useState(() => recommendFormValues(initial, strategies.map((strategy) => strategy.id)));
  const [picked, setPicked] = useState<string[]>(startValues.picked);
  const [chosen, setChosen] = useState<string[]>(startValues.chosen);
  const [model, setModel] = useState(startValues.model);
  const [windows, setWindows] = useState<number[]>(startValues.windows);
  const [sharesText, setSharesText] = useState(startValues.sharesText);
  const [floor, setFloor] = useState(startValues.floor);
  const [floorKind, setFloorKind] = useState(startValues.floorKind);
  const [within, setWithin] = useState(startValues.within);
  const modelChoices = startValues.model && !models.some((entry) => entry.id === startValues.model) ? [...models, { id: startValues.model, window: null }] : models;
  const own = modelChoices.find((entry) => entry.id === model)?.window ?? null;
  const windowChoices = [...new Set([...(own ? [own] : []), ...COMMON_WINDOWS, ...startValues.windows])];
  const shares = parseShares(sharesText);
  const floorValue = Number(floor);
  const withinValue = Number(within);
  const floorError =
    floorKind === "absolute"
      ? !Number.isFinite(floorValue) || floorValue < 0 || floorValue > 100 || floor.trim() === ""
        ? `The quality floor "${floor}" is not a percentage between 0 and 100.`
        : null
      : !Number.isFinite(withinValue) || withinValue < 0 || withinValue > 100 || within.trim() === ""
        ? `The relative floor "${within}" is not a number of points between 0 and 100.`
        : null;
  const listed = new Set((sessions.data?.sessions ?? []).map((session) => session.id));
  const sessionIds = picked.filter((id) => listed.has(id));
  const canRun = !busy && sessionIds.length > 0 && chosen.length > 0 && "shares" in shares && floorError === null;
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value]);

  const submit = () => {
    if (!canRun || !("shares" in shares)) return;
    onStart({
      sessionIds,
      strategies: chosen,
      ...(windows.length > 0 ? { windows: windows.filter((window) => windowChoices.includes(window)) } : {}),
      shares: shares.shares,
      floor: floorKind === "absolute" ? floorValue / 100 : DEFAULT_QUALITY_FLOOR,
      ...(floorKind === "relative" ? { within: withinValue } : {}),
      ...(model ? { costModel: model } : {}),
      ...(startValues.cache ?? {}),
    });
  };

  return (
    <form
      data-testid="recommend-form"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-xs shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {sessions.error && <ApiErrorView title="Could not load the sessions" error={toApiErrorBody(sessions.error)} />}
      {initial && initialShown && (
        <p data-testid="recommend-form-restored" className="text-slate-600">
          Filled in from the recommendation below: change any field and run it again.
          {startValues.cache && ` Its prompt cache rules (${startValues.cache.cacheProvider}, ${startValues.cache.cacheTtl}${startValues.cache.recordedRewrites ? "" : ", recorded restarts not applied"}) have no field here and are sent as they were.`}
        </p>
      )}
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold text-slate-800">Sessions <span className="font-normal text-slate-500">({sessionIds.length} picked; the recommendation must hold on every one)</span></legend>
        <SessionPicker
          sessions={sessions.data?.sessions}
          picked={picked}
          onToggle={(id) => setPicked((current) => toggle(current, id))}
          max={MAX_MULTI_SESSIONS}
          disabled={busy}
          checkboxTestId="recommend-session-checkbox"
        />
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold text-slate-800">Strategies <span className="font-normal text-slate-500">(each one&apos;s trigger is swept as a share of the window)</span></legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {strategies.map((strategy) => (
            <label key={strategy.id} className="inline-flex items-center gap-1" title={`default: compacts at ${Math.round(strategy.defaultShareAt200K * 100)}% of a 200K window`}>
              <input type="checkbox" data-testid="recommend-strategy" data-strategy={strategy.id} checked={chosen.includes(strategy.id)} disabled={busy} onChange={() => setChosen((current) => toggle(current, strategy.id))} className="accent-violet-600" />
              <span className="font-mono">{strategy.id}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end gap-4">
        <label className="space-y-0.5">
          <span className="block text-slate-600">Model (prices, and its window)</span>
          <select data-testid="recommend-model" value={model} disabled={busy} onChange={(event) => setModel(event.target.value)} className={`${INPUT} font-mono`}>
            <option value="">each session&apos;s own</option>
            {modelChoices.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.id}
                {entry.window ? ` · ${formatCount(entry.window)}` : ""}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="space-y-0.5">
          <legend className="text-slate-600">Windows (none ticked: the model&apos;s own, else each session&apos;s)</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {windowChoices.map((window) => (
              <label key={window} className="inline-flex items-center gap-1">
                <input type="checkbox" data-testid="recommend-window" data-window={window} checked={windows.includes(window)} disabled={busy} onChange={() => setWindows((current) => toggle(current, window))} className="accent-violet-600" />
                <span className="tabular-nums">
                  {formatCount(window)}
                  {window === own ? " (the model's)" : ""}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="space-y-0.5">
          <span className="block text-slate-600">Trigger shares, % of the window</span>
          <input data-testid="recommend-shares" value={sharesText} disabled={busy} onChange={(event) => setSharesText(event.target.value)} className={`${INPUT} w-64 max-w-full font-mono`} />
        </label>
        <fieldset className="space-y-0.5" aria-label="Quality floor">
          <legend className="block text-slate-600">Quality floor</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="floor-kind" data-testid="recommend-floor-absolute" checked={floorKind === "absolute"} disabled={busy} onChange={() => setFloorKind("absolute")} />
            <input data-testid="recommend-floor" aria-label="Quality floor, % continuation recall" type="number" min={0} max={100} step={1} value={floor} disabled={busy || floorKind !== "absolute"} onChange={(event) => setFloor(event.target.value)} className={`${INPUT} w-20`} />
            <span className="text-slate-600">% continuation recall</span>
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="floor-kind" data-testid="recommend-floor-relative" checked={floorKind === "relative"} disabled={busy} onChange={() => setFloorKind("relative")} />
            <span className="text-slate-600">within</span>
            <input data-testid="recommend-within" aria-label="Relative floor, points below no compaction" type="number" min={0} max={100} step={1} value={within} disabled={busy || floorKind !== "relative"} onChange={(event) => setWithin(event.target.value)} className={`${INPUT} w-16`} />
            <span className="text-slate-600">points of no compaction</span>
          </label>
        </fieldset>
        <button type="submit" data-testid="recommend-run" disabled={!canRun} className="rounded-md bg-violet-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-violet-800 disabled:opacity-50">
          {busy ? "Starting…" : "Recommend"}
        </button>
      </div>
      {"error" in shares && <p role="alert" className="text-red-800">{shares.error}</p>}
      {floorError && <p role="alert" className="text-red-800">{floorError}</p>}
    </form>
  );
}
