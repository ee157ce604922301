import { formatShare, retentionColour } from "@/lib/client/retention-colour";

/**
 * A quality figure as a coloured cell with its 95% interval: the share, the interval's bounds under it, and a small
 * error bar on a 0–100% track (the whisker the Pareto view draws), so two rows can be seen to overlap.
 */
export function IntervalCell({ score, low, high, title, testId, strong, note }: { score: number | null; low: number | null; high: number | null; title?: string; testId?: string; strong?: boolean; note?: string }) {
  const colour = retentionColour(score);
  const hasInterval = score !== null && low !== null && high !== null;
  return (
    <td data-testid={testId} data-score={score ?? ""} data-low={low ?? ""} data-high={high ?? ""} title={title} className={`px-1.5 py-1 text-right tabular-nums ${strong ? "font-semibold" : ""}`} style={{ background: colour.background, color: colour.text }}>
      <div>{formatShare(score)}</div>
      {hasInterval && (
        <>
          <svg data-testid={testId ? `${testId}-error-bar` : undefined} width={48} height={6} viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden className="ml-auto block">
            <line x1={0} y1={3} x2={100} y2={3} stroke="currentColor" strokeOpacity={0.15} strokeWidth={1} />
            <line x1={low * 100} y1={3} x2={high * 100} y2={3} stroke="currentColor" strokeWidth={2} />
            <line x1={low * 100} y1={0} x2={low * 100} y2={6} stroke="currentColor" strokeWidth={2} />
            <line x1={high * 100} y1={0} x2={high * 100} y2={6} stroke="currentColor" strokeWidth={2} />
            <circle cx={score * 100} cy={3} r={2.5} fill="currentColor" />
          </svg>
          <div className="text-[10px] font-normal opacity-80">
            {Math.round(low * 100)}–{Math.round(high * 100)}%
          </div>
        </>
      )}
      {note && <div className="text-[10px] font-normal">{note}</div>}
    </td>
  );
}
