"use client";

import { useEffect, useState } from "react";
import type { CorpusSummary } from "@/lib/api/contracts/corpus-schemas";
import { formatLabel } from "../format-labels";

export type CorpusFilterValues = Record<"agent" | "model" | "project" | "from" | "to" | "minTokens" | "maxTokens" | "compactions" | "findings", string>;

const FIELD = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs";
const LABEL = "flex flex-col gap-0.5 text-[11px] font-medium tracking-wide text-slate-500 uppercase";

/**
 * The corpus view's filters: agent, model and project (each value with how many sessions have it), the days the
 * session started, its size in estimated tokens, with or without recorded compactions and unredacted findings.
 * Each change is applied at once (the token bounds once typing pauses); the values live in the URL.
 */
export function CorpusFilterBar({ values, facets, onChange }: { values: CorpusFilterValues; facets: CorpusSummary["facets"] | undefined; onChange: (patch: Partial<CorpusFilterValues>) => void }) {
  const active = Object.values(values).some((value) => value !== "");
  return (
    <div data-testid="corpus-filters" className="flex flex-wrap items-end gap-x-3 gap-y-2 rounded border border-slate-200 bg-slate-50 px-3 py-2">
      <FacetSelect label="Agent" name="agent" value={values.agent} options={facets?.agents} describe={formatLabel} onChange={onChange} />
      <FacetSelect label="Model" name="model" value={values.model} options={facets?.models} onChange={onChange} />
      <FacetSelect label="Project" name="project" value={values.project} options={facets?.projects} describe={projectName} onChange={onChange} />
      <label className={LABEL}>
        From
        <input type="date" data-testid="corpus-filter-from" value={values.from} max={values.to || undefined} onChange={(event) => onChange({ from: event.target.value })} className={FIELD} />
      </label>
      <label className={LABEL}>
        To
        <input type="date" data-testid="corpus-filter-to" value={values.to} min={values.from || undefined} onChange={(event) => onChange({ to: event.target.value })} className={FIELD} />
      </label>
      <TokenBound label="Min tokens" name="minTokens" value={values.minTokens} onChange={onChange} />
      <TokenBound label="Max tokens" name="maxTokens" value={values.maxTokens} onChange={onChange} />
      <label className={LABEL}>
        Compactions
        <select data-testid="corpus-filter-compactions" value={values.compactions} onChange={(event) => onChange({ compactions: event.target.value })} className={FIELD}>
          <option value="">any</option>
          <option value="with">recorded</option>
          <option value="without">none recorded</option>
        </select>
      </label>
      <label className={LABEL}>
        Findings
        <select data-testid="corpus-filter-findings" value={values.findings} onChange={(event) => onChange({ findings: event.target.value })} className={FIELD}>
          <option value="">any</option>
          <option value="with">unredacted credentials</option>
          <option value="without">none</option>
        </select>
      </label>
      {active && (
        <button
          type="button"
          data-testid="corpus-filters-clear"
          onClick={() => onChange({ agent: "", model: "", project: "", from: "", to: "", minTokens: "", maxTokens: "", compactions: "", findings: "" })}
          className="pb-0.5 text-xs text-slate-600 underline"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

function FacetSelect(props: {
  label: string;
  name: "agent" | "model" | "project";
  value: string;
  options: { value: string; count: number }[] | undefined;
  describe?: (value: string) => string;
  onChange: (patch: Partial<CorpusFilterValues>) => void;
}) {
  const options = props.options ?? [];
  // a value from the URL that no session has (any more) stays selectable, so the view says why it is empty
  const listed = props.value === "" || options.some((option) => option.value === props.value) ? options : [...options, { value: props.value, count: 0 }];
  return (
    <label className={LABEL}>
      {props.label}
      <select data-testid={`corpus-filter-${props.name}`} value={props.value} onChange={(event) => props.onChange({ [props.name]: event.target.value })} className={`${FIELD} max-w-48`}>
        <option value="">any</option>
        {listed.map((option) => (
          <option key={option.value} value={option.value} title={option.value}>
            {(props.describe ?? ((value: string) => value))(option.value)} ({option.count})
          </option>
        ))}
      </select>
    </label>
  );
}

/** A whole-number bound, applied 400 ms after typing stops (not at every keystroke: each is a request). */
function TokenBound({ label, name, value, onChange }: { label: string; name: "minTokens" | "maxTokens"; value: string; onChange: (patch: Partial<CorpusFilterValues>) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onChange({ [name]: draft.trim() }), 400);
    return () => clearTimeout(timer);
  }, [draft, value, name, onChange]);
  return (
    <label className={LABEL}>
      {label}
      <input type="number" inputMode="numeric" min={0} step={1000} data-testid={`corpus-filter-${name}`} value={draft} onChange={(event) => setDraft(event.target.value)} className={`${FIELD} w-28`} />
    </label>
  );
}

/** The last two folders of a project path (the full path is the option's title). */
function projectName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.length <= 2 ? path : `…/${parts.slice(-2).join("/")}`;
}
