"use client";

import { useRememberedToggle } from "./remembered-toggle";

/** Lines and characters shown before "show more". */
export const CLAMP_LINES = 14;
export const CLAMP_CHARS = 1_400;

/** Where a long text is cut for its collapsed view, or null when it fits. */
export function clampPoint(text: string): number | null {
  let cut = Math.min(text.length, CLAMP_CHARS);
  let newlines = 0;
  for (let index = 0; index < cut; index++) {
    if (text.charCodeAt(index) === 10 && ++newlines === CLAMP_LINES) {
      cut = index;
      break;
    }
  }
  return cut < text.length ? cut : null;
}

/**
 * Untrusted transcript text, rendered as text with whitespace preserved; long text is clamped with a
 * "show more" that remembers its state across virtualization.
 */
export function ClampedText({ text, memoryKey, mono = false }: { text: string; memoryKey: string; mono?: boolean }) {
  const cut = clampPoint(text);
  const [expanded, toggle] = useRememberedToggle(memoryKey, false);
  const shown = cut === null || expanded ? text : text.slice(0, cut);
  const hiddenLines = cut === null ? 0 : countLines(text.slice(cut));
  return (
    <div>
      <div className={`break-words whitespace-pre-wrap ${mono ? "font-mono text-xs leading-5" : "leading-5"}`}>
        {shown}
        {cut !== null && !expanded && <span className="text-slate-500">…</span>}
      </div>
      {cut !== null && (
        <button
          type="button"
          data-testid="show-more"
          onClick={toggle}
          className="mt-0.5 text-xs font-medium text-blue-700 hover:underline"
        >
          {expanded ? "show less" : `show more (${hiddenLines > 1 ? `${hiddenLines} more lines, ` : ""}${(text.length - cut).toLocaleString("en-US")} more chars)`}
        </button>
      )}
    </div>
  );
}

function countLines(text: string): number {
  let lines = 1;
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) === 10) lines++;
  return lines;
}
