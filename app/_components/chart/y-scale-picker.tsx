"use client";

import { Y_SCALE_MODES, type YScaleMode } from "@/lib/client/fit-y-domain";

/** fit · full · log: how a token chart's y axis is scaled (see fitYDomain). Buttons in a labelled group. */
export function YScalePicker({ mode, onChange, testId }: { mode: YScaleMode; onChange: (mode: YScaleMode) => void; testId: string }) {
  return (
    <span role="group" aria-label="y axis scale" data-testid={testId} data-mode={mode} className="inline-flex items-center gap-1 text-xs text-slate-600">
      <span aria-hidden>y:</span>
      <span className="inline-flex overflow-hidden rounded border border-slate-300">
        {Y_SCALE_MODES.map((entry) => (
          <button
            key={entry.mode}
            type="button"
            aria-pressed={mode === entry.mode}
            title={entry.hint}
            data-testid={`${testId}-${entry.mode}`}
            onClick={() => onChange(entry.mode)}
            className={`px-1.5 py-px ${mode === entry.mode ? "bg-slate-700 text-white" : "bg-white text-slate-700 hover:bg-slate-100"}`}
          >
            {entry.label}
          </button>
        ))}
      </span>
    </span>
  );
}
