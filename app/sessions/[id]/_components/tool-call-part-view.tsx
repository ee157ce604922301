import type { ToolCallPart } from "@/lib/engine/model";
import { ClampedText } from "./clamped-text";
import { partTokensLabel } from "./part-tokens-label";

/**
 * A tool call: its name, id, and input in monospace. An object input is shown field by field, string values
 * as they are (a patch or a file body keeps its real line breaks instead of JSON's "\n"), others as indented JSON.
 */
export function ToolCallPartView({ part, memoryKey }: { part: ToolCallPart; memoryKey: string }) {
  const fields = inputFields(part.input);
  return (
    <div data-testid="tool-call" className="rounded border border-amber-200 bg-amber-50/60">
      <div className="flex items-center gap-2 border-b border-amber-200/70 px-2 py-0.5 text-xs">
        <span className="font-mono font-semibold text-amber-900">→ {part.name}</span>
        <span className="truncate font-mono text-amber-800" title={part.id}>
          {part.id}
        </span>
        <span className="ml-auto shrink-0 text-amber-800 tabular-nums">{partTokensLabel(part)}</span>
      </div>
      <div className="space-y-0.5 px-2 py-1">
        {fields === null ? (
          <ClampedText text={prettyJson(part.input)} memoryKey={memoryKey} mono />
        ) : fields.length === 0 ? (
          <span className="font-mono text-xs text-slate-500">(no arguments)</span>
        ) : (
          fields.map(([key, value]) => (
            <div key={key} className="flex gap-2">
              <span className="shrink-0 font-mono text-xs leading-5 text-amber-800">{key}:</span>
              <div className="min-w-0 flex-1">
                <ClampedText text={typeof value === "string" ? value : prettyJson(value)} memoryKey={`${memoryKey}:${key}`} mono />
              </div>
            </div>
          ))
        )}
      </div>
    </div>
  );
}

/** The fields of a plain-object input, or null for anything else (a raw string, an array). */
function inputFields(input: unknown): [string, unknown][] | null {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return null;
  return Object.entries(input as Record<string, unknown>);
}

/** Indented JSON; raw strings (e.g. apply_patch bodies) as they came. */
export function prettyJson(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
