import type { CompactionPart } from "@/lib/engine/model";
import { formatCount } from "@/app/_components/format-number";

/** A compaction the transcript recorded, drawn across the timeline as a divider. */
export function CompactionDivider({ part }: { part: CompactionPart }) {
  const before = part.tokensBefore === undefined ? null : formatCount(part.tokensBefore);
  const after = part.tokensAfter === undefined ? null : formatCount(part.tokensAfter);
  return (
    <div data-testid="compaction-divider" data-auto={part.auto ? "true" : "false"} className="flex items-center gap-3 py-1" role="separator">
      <span className="h-px flex-1 bg-fuchsia-300" />
      <span className="rounded-full border border-fuchsia-300 bg-fuchsia-50 px-2.5 py-0.5 text-xs font-medium text-fuchsia-900">
        Compaction · {part.auto ? "auto" : "manual"}
        {(before || after) && (
          <span className="tabular-nums">
            {" "}
            · {before ?? "?"} → {after ?? "?"} tokens
          </span>
        )}
      </span>
      <span className="h-px flex-1 bg-fuchsia-300" />
    </div>
  );
}
