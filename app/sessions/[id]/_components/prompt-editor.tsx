"use client";

import type { StrategyInfo } from "@/lib/api/contracts/run-schemas";

type Edits = Record<string, { system?: string; instructions?: string }>;

/**
 * The strategy's prompt presets, editable for the next run (collapsed: most runs use them as they are).
 * Only fields that differ from the preset are sent, as `promptOverrides`.
 */
export function PromptEditor({ strategy, edits, onChange }: { strategy: StrategyInfo; edits: Edits; onChange: (edits: Edits) => void }) {
  const presets =
    strategy.prompts && strategy.prompts.length > 0
      ? strategy.prompts
      : strategy.prompt
        ? [{ name: "summary", label: "Summary prompt", source: "", system: strategy.prompt.system, instructions: strategy.prompt.instructions }]
        : [];
  const edit = (name: string, field: "system" | "instructions", value: string, original: string | null) => {
    const next: Edits = { ...edits, [name]: { ...edits[name] } };
    if (value === (original ?? "")) delete next[name][field];
    else next[name][field] = value;
    if (Object.keys(next[name]).length === 0) delete next[name];
    onChange(next);
  };
  const editedCount = Object.keys(edits).length;
  return (
    <details data-testid="prompt-editor" className="rounded border border-slate-200">
      <summary className="cursor-pointer px-2 py-1 font-medium text-slate-700">
        Prompt preset{presets.length > 1 ? `s (${presets.length})` : ""} {editedCount > 0 && <span className="text-violet-700">· edited</span>}
      </summary>
      <div className="space-y-2 border-t border-slate-200 p-2">
        {presets.map((preset) => (
          <div key={preset.name} className="space-y-1">
            <div className="flex items-center gap-2">
              <span className="font-semibold text-slate-700">{preset.label}</span>
              {preset.source && <span className="truncate text-slate-500">{preset.source}</span>}
              {edits[preset.name] && (
                <button type="button" onClick={() => onChange(Object.fromEntries(Object.entries(edits).filter(([name]) => name !== preset.name)))} className="ml-auto text-violet-700 hover:underline">
                  reset
                </button>
              )}
            </div>
            {preset.system !== null && (
              <textarea
                aria-label={`${preset.label} system prompt`}
                value={edits[preset.name]?.system ?? preset.system}
                onChange={(event) => edit(preset.name, "system", event.target.value, preset.system)}
                rows={3}
                className="w-full rounded border border-slate-300 p-1 font-mono text-[11px]"
              />
            )}
            <textarea
              aria-label={`${preset.label} instructions`}
              value={edits[preset.name]?.instructions ?? preset.instructions}
              onChange={(event) => edit(preset.name, "instructions", event.target.value, preset.instructions)}
              rows={6}
              className="w-full rounded border border-slate-300 p-1 font-mono text-[11px]"
            />
          </div>
        ))}
      </div>
    </details>
  );
}
