"use client";

import { useMemo, useRef, useState } from "react";
import { MAX_COMPARE_CONFIGS } from "@/lib/api/contracts/compare-schemas";
import type { StrategyInfo } from "@/lib/api/contracts/run-schemas";
import { allStrategiesAtDefaults, draftLabel, draftOf, duplicateLabels, overridesOf, type DraftConfig } from "@/lib/client/compare-configs";
import { settingControls } from "@/lib/client/setting-controls";
import { useQuery } from "@tanstack/react-query";
import { firstModelOf, SummarizerModelSelect } from "@/app/_components/summarizer-model-select";
import { runQueries } from "@/lib/query-hooks/run-queries";
import { SettingField } from "@/app/sessions/[id]/_components/setting-field";
import { sourceLabel } from "@/app/sessions/[id]/_components/strategy-panel";

const INPUT = "rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs focus:border-violet-500";
const BUTTON = "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40";

/**
 * The configurations of a comparison: add any strategy, edit its settings with the playground's labelled controls,
 * duplicate one to vary a single setting (nous at 60K vs 100K), label it, remove it — or start from every strategy
 * at its defaults. Holds no state of its own beyond which cards are open; the drafts belong to the page.
 */
export function ConfigBuilder({
  strategies,
  drafts,
  onChange,
  disabled,
  min = 2,
}: {
  strategies: StrategyInfo[];
  drafts: DraftConfig[];
  onChange: (drafts: DraftConfig[]) => void;
  disabled?: boolean;
  /** fewest configurations a run needs (2 on one session, 1 over several sessions) */
  min?: number;
}) {
  const counter = useRef(0);
  const nextId = () => `config-${Date.now().toString(36)}-${counter.current++}`;
  const [adding, setAdding] = useState(strategies[0]?.id ?? "");
  const summarizers = useQuery(runQueries.summarizers()).data?.summarizers ?? [];
  /** a fresh draft; a provider's own compaction gets that provider's first model */
  const freshDraft = (strategy: StrategyInfo, id: string) => draftOf(strategy, id, strategy.provider ? firstModelOf(summarizers, strategy.provider) : undefined);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const byId = useMemo(() => new Map(strategies.map((strategy) => [strategy.id, strategy])), [strategies]);
  const defaultsOf = (id: string) => byId.get(id)?.defaults ?? {};
  const duplicates = duplicateLabels(drafts, defaultsOf);
  const full = drafts.length >= MAX_COMPARE_CONFIGS;

  const replace = (id: string, next: DraftConfig) => onChange(drafts.map((draft) => (draft.id === id ? next : draft)));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const add = () => {
    const strategy = byId.get(adding);
    if (!strategy || full || strategy.unavailable) return;
    const draft = freshDraft(strategy, nextId());
    onChange([...drafts, draft]);
    setOpen((current) => new Set(current).add(draft.id));
  };
  const duplicate = (draft: DraftConfig) => {
    if (full) return;
    const copy: DraftConfig = { ...structuredClone(draft), id: nextId(), label: draft.label ? `${draft.label} (copy)` : "" };
    const position = drafts.findIndex((candidate) => candidate.id === draft.id);
    onChange([...drafts.slice(0, position + 1), copy, ...drafts.slice(position + 1)]);
    setOpen((current) => new Set(current).add(copy.id));
  };

  return (
    <section data-testid="config-builder" aria-label="Configurations" className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold text-slate-800">
          Configurations <span className="font-normal text-slate-500" data-testid="config-count">{drafts.length} of {MAX_COMPARE_CONFIGS}</span>
        </h2>
        <button type="button" data-testid="all-defaults" disabled={disabled} onClick={() => onChange(allStrategiesAtDefaults(strategies, nextId))} className={BUTTON}>
          All strategies at defaults
        </button>
        {drafts.length > 0 && (
          <button type="button" data-testid="clear-configs" disabled={disabled} onClick={() => onChange([])} className={BUTTON}>
            Clear
          </button>
        )}
        <span className="ml-auto flex min-w-0 max-w-full items-center gap-1">
          <select aria-label="Strategy to add" data-testid="add-strategy-select" value={adding} disabled={disabled} onChange={(event) => setAdding(event.target.value)} className={`${INPUT} min-w-0 max-w-full`}>
            {strategies.map((strategy) => (
              <option key={strategy.id} value={strategy.id} disabled={strategy.unavailable !== null} title={strategy.unavailable ?? undefined}>
                {strategy.label} — {sourceLabel(strategy.source)}
                {strategy.unavailable ? ` (${strategy.unavailable})` : ""}
              </option>
            ))}
          </select>
          <button type="button" data-testid="add-config" disabled={disabled || full} onClick={add} className={BUTTON}>
            Add
          </button>
        </span>
      </div>
      {drafts.length < min && (
        <p data-testid="config-hint" className="text-xs text-slate-500">
          Add at least {min} configuration{min === 1 ? "" : "s"} — or press “All strategies at defaults”.
        </p>
      )}
      <ol className="grid gap-2 md:grid-cols-2 xl:grid-cols-3">
        {drafts.map((draft, position) => {
          const strategy = byId.get(draft.strategy);
          const label = draftLabel(draft, defaultsOf(draft.strategy));
          const changed = Object.keys(overridesOf(draft.settings, defaultsOf(draft.strategy))).length;
          return (
            <li key={draft.id} data-testid="config-card" data-strategy={draft.strategy} className="min-w-0 space-y-1.5 rounded-lg border border-slate-200 bg-white p-2 shadow-sm">
              <div className="flex items-center gap-1.5">
                <span className="w-5 shrink-0 text-right text-xs tabular-nums text-slate-500">{position + 1}</span>
                <select
                  aria-label={`Strategy of configuration ${position + 1}`}
                  data-testid="config-strategy"
                  value={draft.strategy}
                  disabled={disabled}
                  onChange={(event) => {
                    const next = byId.get(event.target.value);
                    if (!next) return;
                    const fresh = freshDraft(next, draft.id);
                    // a provider strategy keeps its provider's model; leaving one drops that provider's summarizer
                    const keep = draft.summarizer && (!next.provider || draft.summarizer.provider === next.provider) && !byId.get(draft.strategy)?.provider;
                    replace(draft.id, { ...fresh, label: draft.label, ...(keep ? { summarizer: draft.summarizer } : {}) });
                  }}
                  className={`${INPUT} min-w-0 flex-1 font-medium`}
                >
                  {strategies.map((candidate) => (
                    <option key={candidate.id} value={candidate.id} disabled={candidate.unavailable !== null && candidate.id !== draft.strategy} title={candidate.unavailable ?? undefined}>
                      {candidate.label}
                      {candidate.unavailable ? ` (${candidate.unavailable})` : ""}
                    </option>
                  ))}
                </select>
                <button type="button" data-testid="config-duplicate" title="Duplicate this configuration" disabled={disabled || full} onClick={() => duplicate(draft)} className={BUTTON}>
                  Duplicate
                </button>
                <button type="button" data-testid="config-remove" aria-label={`Remove ${label}`} disabled={disabled} onClick={() => onChange(drafts.filter((candidate) => candidate.id !== draft.id))} className={`${BUTTON} text-red-700`}>
                  ✕
                </button>
              </div>
              <input
                aria-label={`Label of configuration ${position + 1}`}
                data-testid="config-label"
                value={draft.label}
                maxLength={80}
                placeholder={label}
                disabled={disabled}
                onChange={(event) => replace(draft.id, { ...draft, label: event.target.value })}
                className={`${INPUT} w-full ${duplicates.has(label) ? "border-red-400" : ""}`}
              />
              <SummarizerModelSelect
                label={`Summarizer model of configuration ${position + 1}`}
                testId="config-summarizer"
                value={draft.summarizer}
                disabled={disabled}
                provider={strategy?.provider}
                onChange={(summarizer) => replace(draft.id, { ...draft, summarizer })}
              />
              {strategy?.opaque && (
                <p data-testid="config-opaque-note" className="text-[11px] leading-4 text-slate-600">
                  Its compaction item is encrypted: continuation recall and probes cannot read it; only judged evaluation applies.
                </p>
              )}
              {duplicates.has(label) && <p className="text-[11px] text-red-700">Another configuration has this label: give one a label of its own.</p>}
              {strategy && Object.keys(strategy.defaults).length > 0 && (
                <div>
                  <button type="button" data-testid="config-settings-toggle" aria-expanded={open.has(draft.id)} onClick={() => toggle(draft.id)} className="text-xs text-violet-700 hover:underline">
                    {open.has(draft.id) ? "▾" : "▸"} Settings{changed > 0 ? ` (${changed} changed)` : " (defaults)"}
                  </button>
                  {open.has(draft.id) && (
                    <fieldset disabled={disabled} data-testid="config-settings" className="mt-1 space-y-2 border-t border-slate-100 pt-1.5">
                      {settingControls(strategy.settingsJsonSchema, strategy.defaults).map((control) => (
                        <SettingField
                          key={`${draft.id}:${control.key}`}
                          control={control}
                          value={draft.settings[control.key]}
                          fallback={strategy.defaults[control.key]}
                          onChange={(value) => replace(draft.id, { ...draft, settings: { ...draft.settings, [control.key]: value } })}
                        />
                      ))}
                    </fieldset>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
