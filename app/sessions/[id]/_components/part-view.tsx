"use client";

import type { Part, PartMark } from "@/lib/engine/model";
import { ClampedText } from "./clamped-text";
import { CompactionDivider } from "./compaction-divider";
import { MarkedPartView } from "./marked-part-view";
import { MediaChip } from "./media-chip";
import { ReasoningPartView } from "./reasoning-part-view";
import { ToolCallPartView } from "./tool-call-part-view";
import { ToolResultPartView } from "./tool-result-part-view";

/**
 * One part of a message; `memoryKey` identifies it for remembered expand/collapse state. With a run's `mark`
 * on it (pruned, cleared, trimmed…), it shows what the model is sent, with the original one click away.
 */
export function PartView({ part, memoryKey, mark }: { part: Part; memoryKey: string; mark?: PartMark }) {
  if (mark && (part.type === "tool-result" || (part.type === "tool-call" && mark.kind === "cleared" && mark.inputCleared))) {
    return <MarkedPartView part={part} mark={mark} memoryKey={memoryKey} original={<PartView part={part} memoryKey={`${memoryKey}:o`} />} />;
  }
  switch (part.type) {
    case "text":
      return (
        <div data-testid="part-text">
          {part.synthetic && <span className="mb-0.5 inline-block rounded bg-slate-100 px-1 text-[10px] uppercase tracking-wide text-slate-500">injected</span>}
          <ClampedText text={part.text} memoryKey={memoryKey} />
        </div>
      );
    case "reasoning":
      return <ReasoningPartView part={part} memoryKey={memoryKey} />;
    case "tool-call":
      return <ToolCallPartView part={part} memoryKey={memoryKey} />;
    case "tool-result":
      return <ToolResultPartView part={part} memoryKey={memoryKey} />;
    case "image":
      return <MediaChip kind="image" mediaType={part.mediaType} bytes={part.bytes} name={part.url} />;
    case "file":
      return <MediaChip kind="file" mediaType={part.mediaType} name={part.filename ?? part.url} />;
    case "compaction":
      return <CompactionDivider part={part} />;
    case "opaque":
      return (
        <span data-testid="part-opaque" className="inline-block rounded border border-dashed border-slate-400 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700">
          🔒 {part.provider === "openai" ? "OpenAI" : part.provider}&apos;s compaction item · {part.tokens.toLocaleString("en-US")} tokens (encrypted: not readable by the lab)
        </span>
      );
    default:
      return <UnknownPart part={part} />;
  }
}

function UnknownPart({ part }: { part: unknown }) {
  const type = (part as { type?: unknown })?.type;
  return (
    <span className="inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">
      {typeof type === "string" ? type : "unknown"} part
    </span>
  );
}
