"use client";

import type { ToolResultPart } from "@/lib/engine/model";
import { ClampedText } from "./clamped-text";
import { MediaChip } from "./media-chip";
import { partTokensLabel } from "./part-tokens-label";
import { useRememberedToggle } from "./remembered-toggle";

/** Short outputs start open; longer ones show their first line until opened. */
const OPEN_BY_DEFAULT_CHARS = 240;

/** A tool result: collapsible, with its size in tokens, and an error style when the tool failed. */
export function ToolResultPartView({ part, memoryKey }: { part: ToolResultPart; memoryKey: string }) {
  const [open, toggle] = useRememberedToggle(`${memoryKey}:open`, part.output.length <= OPEN_BY_DEFAULT_CHARS);
  const firstLine = part.output.split("\n", 1)[0]?.slice(0, 200) ?? "";
  const tone = part.isError
    ? { box: "border-red-300 bg-red-50", head: "text-red-800", rule: "border-red-200" }
    : { box: "border-slate-200 bg-slate-50", head: "text-slate-700", rule: "border-slate-200" };
  return (
    <div data-testid="tool-result" data-error={part.isError ? "true" : "false"} className={`rounded border ${tone.box}`}>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        className={`flex w-full items-center gap-2 px-2 py-0.5 text-left text-xs ${tone.head}`}
      >
        <span className="shrink-0">{open ? "▾" : "▸"}</span>
        <span className="shrink-0 font-mono font-semibold">← {part.name ?? "result"}</span>
        {part.isError && <span className="shrink-0 rounded bg-red-600 px-1 text-[10px] font-semibold uppercase text-white">error</span>}
        {!open && <span className="truncate font-mono">{firstLine || "(empty output)"}</span>}
        <span className="ml-auto shrink-0 tabular-nums">{partTokensLabel(part)}</span>
      </button>
      {open && (
        <div className={`space-y-1 border-t px-2 py-1 ${tone.rule}`}>
          {part.output ? (
            <ClampedText text={part.output} memoryKey={memoryKey} mono />
          ) : (
            <span className="text-xs text-slate-500 italic">(empty output)</span>
          )}
          {part.images.length > 0 && (
            <div className="flex flex-wrap gap-1">
              {part.images.map((image, index) => (
                <MediaChip key={index} kind="image" mediaType={image.mediaType} bytes={image.bytes} name={image.url} />
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
