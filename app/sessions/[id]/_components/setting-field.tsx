"use client";

import { useId, useState } from "react";
import { valueWhenSet, type SettingControl } from "@/lib/client/setting-controls";
import { formatCount } from "@/app/_components/format-number";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs tabular-nums focus:border-violet-500";

/**
 * One strategy setting as a labelled control, with its default shown and a reset when it differs.
 *
 * The input's HTML id is unique per rendered field (React's `useId`): the compare page shows the same settings
 * in a dozen configuration cards, and a fixed id made every card's label focus the first card's input. A page
 * that renders a setting once may pass `idPrefix` for a readable, stable id (`${idPrefix}-${key}-input`; the
 * playground passes "setting", which e2e/ addresses as `#setting-<key>-input`) — a prefix is the caller's
 * promise that it is unique on the page. The test ids (`setting-<key>`, `setting-<key>-reset`) stay fixed:
 * tests scope them to a card.
 */
export function SettingField({
  control,
  value,
  fallback,
  onChange,
  idPrefix,
}: {
  control: SettingControl;
  value: unknown;
  fallback: unknown;
  onChange: (value: unknown) => void;
  /** a page-unique prefix for the input's id; without it the id comes from `useId` */
  idPrefix?: string;
}) {
  const reactId = useId();
  const changed = JSON.stringify(value) !== JSON.stringify(fallback);
  const testId = `setting-${control.key}`;
  const inputId = `${idPrefix ?? `setting${reactId}`}-${control.key}-input`;
  return (
    <div data-testid={testId} data-changed={changed ? "true" : "false"} className="space-y-0.5">
      <div className="flex items-center gap-2 text-xs">
        <label htmlFor={inputId} className={`font-medium ${changed ? "text-violet-800" : "text-slate-700"}`}>
          {control.label}
        </label>
        <span className="min-w-0 truncate text-slate-500" title={`default: ${describe(fallback)}`}>
          default {describe(fallback)}
        </span>
        {changed && (
          <button type="button" data-testid={`${testId}-reset`} onClick={() => onChange(fallback)} className="ml-auto shrink-0 text-violet-700 hover:underline">
            reset
          </button>
        )}
      </div>
      <Control control={control} id={inputId} testId={`${testId}-input`} value={value} onChange={onChange} />
    </div>
  );
}

function Control({ control, id, testId, value, onChange }: { control: SettingControl; id: string; testId: string; value: unknown; onChange: (value: unknown) => void }) {
  switch (control.kind) {
    case "boolean":
      return (
        <label className="flex items-center gap-2 text-xs text-slate-600">
          <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} className="accent-violet-600" />
          {value === true ? "on" : "off"}
        </label>
      );
    case "enum":
      return (
        <select id={id} value={String(value ?? "")} onChange={(event) => onChange(event.target.value)} className={INPUT + " w-full"}>
          {control.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      );
    case "list":
      return (
        <input
          id={id}
          defaultValue={Array.isArray(value) ? value.join(", ") : ""}
          key={Array.isArray(value) ? value.join(",") : ""}
          placeholder="comma, separated"
          onBlur={(event) => onChange(splitList(event.target.value))}
          onKeyDown={(event) => {
            if (event.key === "Enter") onChange(splitList(event.currentTarget.value));
          }}
          className={INPUT + " w-full font-mono"}
        />
      );
    case "text":
      return <input id={id} value={String(value ?? "")} onChange={(event) => onChange(event.target.value)} className={INPUT + " w-full"} />;
    case "number":
      return <NumberControl control={control} id={id} testId={testId} value={value} onChange={onChange} />;
  }
}

function NumberControl({
  control,
  id,
  testId,
  value,
  onChange,
}: {
  control: Extract<SettingControl, { kind: "number" }>;
  id: string;
  testId: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  // ticked "set" with no value yet (see valueWhenSet): the box is shown empty and the setting stays unset until typed
  const [armed, setArmed] = useState(false);
  const off = value === null && !armed;
  const numeric = typeof value === "number" ? value : null;
  const slider = control.slider;
  const parse = (text: string) => {
    const parsed = control.integer ? Math.round(Number(text)) : Number(text);
    return Number.isFinite(parsed) ? parsed : numeric;
  };
  return (
    <div className="flex items-center gap-2">
      {control.nullable && (
        <label className="flex shrink-0 items-center gap-1 text-xs text-slate-500" title="unset: the strategy derives it">
          <input
            type="checkbox"
            checked={!off}
            onChange={(event) => {
              const start = event.target.checked ? valueWhenSet(control) : null;
              setArmed(event.target.checked && start === null);
              onChange(start);
            }}
            className="accent-violet-600"
          />
          set
        </label>
      )}
      {slider && !off && (
        <input
          type="range"
          aria-label={`${control.label} slider`}
          data-testid={`${testId}-slider`}
          min={slider.min}
          max={Math.max(slider.max, numeric ?? 0)}
          step={slider.step}
          value={numeric ?? slider.min}
          onChange={(event) => onChange(parse(event.target.value))}
          className="min-w-0 flex-1 accent-violet-600"
        />
      )}
      {off ? (
        <span data-testid={`${testId}-auto`} className="min-w-0 text-xs text-slate-500" title={control.description}>
          <span className="italic">auto</span>
          {control.description && <span className="block text-[11px] leading-4">{control.description}</span>}
        </span>
      ) : (
        <input
          id={id}
          type="number"
          value={numeric ?? ""}
          min={control.min ?? undefined}
          max={control.max ?? undefined}
          step={control.integer ? 1 : (slider?.step ?? "any")}
          placeholder={numeric === null ? "type a value" : undefined}
          autoFocus={armed && numeric === null}
          onChange={(event) => {
            if (event.target.value === "" && numeric === null) return;
            setArmed(false);
            onChange(parse(event.target.value));
          }}
          className={INPUT + (slider ? " w-24" : " w-full")}
        />
      )}
    </div>
  );
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "auto";
  if (typeof value === "number") return Number.isInteger(value) ? formatCount(value) : String(value);
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.join(", ");
  return String(value);
}
