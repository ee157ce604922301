"use client";

import type { SettingControl } from "@/lib/client/setting-controls";
import type { SweepRange } from "@/lib/client/sweep-axis";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs tabular-nums focus:border-violet-500";

type NumberControl = Extract<SettingControl, { kind: "number" }>;

/** A range a setting is swept over by default: half its default to twice it, three values. */
export function defaultRange(control: NumberControl, fallback: unknown): SweepRange {
  const seed = typeof fallback === "number" && fallback > 0 ? fallback : control.slider ? control.slider.max / 2 : 10_000;
  const round = (value: number) => (control.integer ? Math.round(value) : Number(value.toPrecision(3)));
  const to = control.max !== null ? Math.min(control.max, seed * 2) : seed * 2;
  return { key: control.key, from: round(seed / 2), to: round(to), steps: 3, integer: control.integer };
}

/** One sweep axis: which numeric setting, from, to and how many values. */
export function SweepAxisField({
  name,
  controls,
  range,
  onChange,
  onPick,
  error,
}: {
  name: "x" | "y";
  controls: NumberControl[];
  range: SweepRange;
  onChange: (range: SweepRange) => void;
  onPick: (key: string) => void;
  error: string | null;
}) {
  const number = (text: string) => (text === "" ? Number.NaN : Number(text));
  return (
    <fieldset data-testid={`sweep-axis-${name}`} className="space-y-1">
      <div className="flex flex-wrap items-end gap-2 text-xs">
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">Setting</span>
          <select data-testid={`sweep-${name}-key`} value={range.key} onChange={(event) => onPick(event.target.value)} className={INPUT}>
            {controls.map((control) => (
              <option key={control.key} value={control.key}>
                {control.label}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">From</span>
          <input type="number" data-testid={`sweep-${name}-from`} value={Number.isFinite(range.from) ? range.from : ""} onChange={(event) => onChange({ ...range, from: number(event.target.value) })} className={`${INPUT} w-28`} />
        </label>
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">To</span>
          <input type="number" data-testid={`sweep-${name}-to`} value={Number.isFinite(range.to) ? range.to : ""} onChange={(event) => onChange({ ...range, to: number(event.target.value) })} className={`${INPUT} w-28`} />
        </label>
        <label className="space-y-0.5">
          <span className="block font-medium text-slate-700">Steps</span>
          <input type="number" data-testid={`sweep-${name}-steps`} min={1} max={12} value={Number.isFinite(range.steps) ? range.steps : ""} onChange={(event) => onChange({ ...range, steps: number(event.target.value) })} className={`${INPUT} w-16`} />
        </label>
      </div>
      {error && (
        <p data-testid={`sweep-${name}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
