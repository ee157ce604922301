import type { KindScore } from "@/lib/api/contracts/compare-schemas";
import { formatShare, retentionColour } from "@/lib/client/retention-colour";

/** A retention score as a coloured cell (red lost → green kept; grey when no probe of the kind counted). */
export function RetentionCell({ score, detail, testId, strong, title: givenTitle }: { score: number | null; detail?: KindScore; testId?: string; strong?: boolean; title?: string }) {
  const colour = retentionColour(score);
  const title = givenTitle ?? (detail ? `${detail.retained} of ${detail.counted} retained` : score === null ? "no probe counted" : undefined);
  return (
    <td data-testid={testId} data-score={score ?? ""} title={title} className={`px-1.5 py-1 text-right tabular-nums ${strong ? "font-semibold" : ""}`} style={{ background: colour.background, color: colour.text }}>
      {formatShare(score)}
    </td>
  );
}
