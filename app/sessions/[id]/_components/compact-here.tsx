"use client";

import { useState } from "react";

/**
 * "Compact here": a manual compaction before this message's model call, with optional instructions
 * ("focus on the API changes"), run with the strategy panel's settings.
 */
export function CompactHere({ step, onCompact, disabled }: { step: number; onCompact: (step: number, instructions: string) => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [instructions, setInstructions] = useState("");
  if (!open) {
    return (
      <button
        type="button"
        data-testid="compact-here"
        disabled={disabled}
        onClick={() => setOpen(true)}
        className="rounded border border-fuchsia-200 bg-white px-1.5 py-px font-medium text-fuchsia-800 hover:bg-fuchsia-50 disabled:opacity-40"
        title={`Run the selected strategy with a compaction forced before model call ${step}`}
      >
        ✂ compact here
      </button>
    );
  }
  return (
    <form
      data-testid="compact-here-form"
      className="flex basis-full items-center gap-1.5 rounded border border-fuchsia-200 bg-fuchsia-50 px-2 py-1"
      onSubmit={(event) => {
        event.preventDefault();
        onCompact(step, instructions.trim());
        setOpen(false);
      }}
    >
      <span className="shrink-0 text-fuchsia-900">Compact before call {step}, focus on</span>
      <input
        data-testid="compact-here-instructions"
        value={instructions}
        onChange={(event) => setInstructions(event.target.value)}
        placeholder="(optional) e.g. the API changes"
        maxLength={4_000}
        className="min-w-0 flex-1 rounded border border-fuchsia-200 bg-white px-1.5 py-0.5"
        autoFocus
      />
      <button type="submit" data-testid="compact-here-run" disabled={disabled} className="rounded bg-fuchsia-700 px-2 py-0.5 font-semibold text-white disabled:opacity-50">
        Run
      </button>
      <button type="button" onClick={() => setOpen(false)} className="px-1 text-fuchsia-900">
        ✕
      </button>
    </form>
  );
}
