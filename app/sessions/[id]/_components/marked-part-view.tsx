"use client";

import type { Part, PartMark } from "@/lib/engine/model";
import { renderMarkedPart } from "@/lib/engine/prune/render-marked-part";
import { formatCount } from "@/app/_components/format-number";
import { ClampedText } from "./clamped-text";
import { useRememberedToggle } from "./remembered-toggle";

const MARK_LABELS: Record<PartMark["kind"], string> = {
  pruned: "pruned",
  cleared: "cleared",
  masked: "masked",
  "soft-trimmed": "soft-trimmed",
  truncated: "truncated",
};

/**
 * A part the run pruned, cleared, masked or trimmed: what the model is sent now (the placeholder, or the kept
 * head and tail with the trimmed size), with the original one click away.
 */
export function MarkedPartView({ part, mark, memoryKey, original }: { part: Part; mark: PartMark; memoryKey: string; original: React.ReactNode }) {
  const [showOriginal, toggle] = useRememberedToggle(`${memoryKey}:original`, false);
  const sent = renderMarkedPart(part, mark);
  const name = part.type === "tool-result" ? part.name ?? "result" : part.type === "tool-call" ? part.name : part.type;
  const originalChars = part.type === "tool-result" ? part.output.length : null;
  const trimmed = mark.kind === "soft-trimmed" ? mark.originalChars - mark.head - mark.tail : mark.kind === "truncated" ? mark.originalChars - mark.keptChars : null;
  return (
    <div data-testid="marked-part" data-mark={mark.kind} className="rounded border border-dashed border-rose-300 bg-rose-50/60">
      <div className="flex flex-wrap items-center gap-2 px-2 py-0.5 text-xs text-rose-900">
        <span className="rounded bg-rose-600 px-1.5 text-[10px] font-semibold uppercase tracking-wide text-white">
          {mark.kind === "soft-trimmed" && mark.savedAs ? "truncated to budget" : MARK_LABELS[mark.kind]}
        </span>
        <span className="font-mono font-semibold">← {name}</span>
        <span>at step {mark.step}</span>
        {trimmed !== null && <span className="tabular-nums">−{formatCount(trimmed)} chars trimmed</span>}
        {originalChars !== null && trimmed === null && <span className="tabular-nums">{formatCount(originalChars)} chars originally</span>}
        <button type="button" data-testid="show-original" onClick={toggle} className="ml-auto font-medium underline decoration-dotted">
          {showOriginal ? "show what is sent" : "show original"}
        </button>
      </div>
      <div className="border-t border-rose-200 px-2 py-1">
        {showOriginal ? (
          <div data-testid="original-part">{original}</div>
        ) : sent.type === "tool-result" ? (
          <div data-testid="placeholder" className="text-slate-700">
            <ClampedText text={sent.output} memoryKey={`${memoryKey}:sent`} mono />
          </div>
        ) : sent.type === "tool-call" ? (
          <div data-testid="placeholder" className="font-mono text-xs text-slate-700">
            {typeof sent.input === "string" ? sent.input : JSON.stringify(sent.input)}
          </div>
        ) : (
          <div className="text-xs text-slate-500">(unchanged)</div>
        )}
      </div>
    </div>
  );
}
