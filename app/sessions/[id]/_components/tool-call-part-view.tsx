import type { ToolCallPart } from "@/lib/engine/model";
import { ClampedText } from "./clamped-text";
import { partTokensLabel } from "./part-tokens-label";

/** A tool call: its name, id, and pretty-printed input in monospace. */
export function ToolCallPartView({ part, memoryKey }: { part: ToolCallPart; memoryKey: string }) {
  return (
    <div data-testid="tool-call" className="rounded border border-amber-200 bg-amber-50/60">
      <div className="flex items-center gap-2 border-b border-amber-200/70 px-2 py-0.5 text-xs">
        <span className="font-mono font-semibold text-amber-900">→ {part.name}</span>
        <span className="truncate font-mono text-amber-800/60" title={part.id}>
          {part.id}
        </span>
        <span className="ml-auto shrink-0 text-amber-800/70 tabular-nums">{partTokensLabel(part)}</span>
      </div>
      <div className="px-2 py-1">
        <ClampedText text={prettyInput(part.input)} memoryKey={memoryKey} mono />
      </div>
    </div>
  );
}

/** JSON inputs indented; raw-string inputs (e.g. apply_patch bodies) as they came. */
export function prettyInput(input: unknown): string {
  if (typeof input === "string") return input;
  if (input === undefined) return "";
  try {
    return JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    return String(input);
  }
}
