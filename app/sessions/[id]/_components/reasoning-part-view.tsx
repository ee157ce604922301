"use client";

import type { ReasoningPart } from "@/lib/engine/model";
import { ClampedText } from "./clamped-text";
import { partTokensLabel } from "./part-tokens-label";
import { useRememberedToggle } from "./remembered-toggle";

/** Reasoning is collapsed by default: it is long and rarely what a reader scans for. */
export function ReasoningPartView({ part, memoryKey }: { part: ReasoningPart; memoryKey: string }) {
  const [open, toggle] = useRememberedToggle(`${memoryKey}:open`, false);
  if (part.redacted && !part.text) {
    return <div data-testid="part-reasoning" className="text-xs text-slate-500 italic">Reasoning (redacted by the provider)</div>;
  }
  return (
    <div data-testid="part-reasoning" className="text-slate-600">
      <button type="button" onClick={toggle} aria-expanded={open} className="text-xs font-medium text-slate-500 hover:text-slate-800">
        {open ? "▾" : "▸"} Reasoning · {partTokensLabel(part)}
        {part.redacted ? " · redacted" : ""}
      </button>
      {open && (
        <div className="mt-0.5 border-l-2 border-slate-200 pl-2 italic">
          <ClampedText text={part.text} memoryKey={memoryKey} />
        </div>
      )}
    </div>
  );
}
