import type { ReplayStep } from "@/lib/engine/simulate/replay-result";
import type { CacheOutcome } from "@/lib/engine/cache/model-prompt-cache";
import { formatCount } from "@/app/_components/format-number";

/** Cells drawn at most; longer runs put several calls in a cell, coloured by the worst of them. */
const MAX_CELLS = 400;
const RANK: Record<CacheOutcome, number> = { hit: 0, first: 1, short: 1, partial: 2, lookback: 3, expired: 3, broken: 3 };
const COLOUR: Record<CacheOutcome, string> = { hit: "#10b981", first: "#cbd5e1", short: "#cbd5e1", partial: "#f59e0b", lookback: "#e11d48", expired: "#e11d48", broken: "#e11d48" };
const WORDS: Record<CacheOutcome, string> = {
  hit: "prefix read from the cache",
  first: "nothing cached yet",
  short: "under the cache's minimum",
  partial: "prefix broke: an earlier part read",
  lookback: "the cached prefix was out of the provider's reach",
  expired: "cache expired (idle gap over the TTL)",
  broken: "prefix broke: nothing read",
};

/**
 * Per model call, how the prompt cache fared (the run's priced steps, `step.cache`): green a hit, amber a prefix
 * broken after an earlier cached part, red nothing read (a compaction or prune rewrote it from the start, or it
 * expired), grey nothing to read yet. Each cell's title names its calls and, where the prefix broke, after how many
 * messages of the previous call's context. Nothing when the run was not priced.
 */
export function CacheStrip({ steps }: { steps: readonly ReplayStep[] }) {
  if (steps.length === 0 || steps.some((step) => !step.cache)) return null;
  const perCell = Math.ceil(steps.length / MAX_CELLS);
  const cells: { from: number; to: number; outcome: CacheOutcome; title: string }[] = [];
  const counts: Partial<Record<CacheOutcome, number>> = {};
  for (let from = 0; from < steps.length; from += perCell) {
    const group = steps.slice(from, from + perCell);
    let worst = group[0];
    for (const step of group) {
      counts[step.cache!.outcome] = (counts[step.cache!.outcome] ?? 0) + 1;
      if (RANK[step.cache!.outcome] > RANK[worst.cache!.outcome]) worst = step;
    }
    const cache = worst.cache!;
    const where = cache.outcome === "partial" || cache.outcome === "broken" ? ` after ${formatCount(worst.keptMessages ?? 0)} unchanged messages` : "";
    const span = group.length > 1 ? `calls ${group[0].step}–${group[group.length - 1].step}, worst: call ${worst.step}` : `call ${worst.step}`;
    cells.push({ from, to: from + group.length, outcome: cache.outcome, title: `${span}: ${WORDS[cache.outcome]}${where} (read ${formatCount(cache.read)}, wrote ${formatCount(cache.write)})` });
  }
  const broken = (counts.broken ?? 0) + (counts.expired ?? 0) + (counts.lookback ?? 0);
  return (
    <div data-testid="cache-strip" data-hits={counts.hit ?? 0} data-broken={broken} data-partial={counts.partial ?? 0} className="px-2 pb-1">
      <div className="flex items-center gap-3 pb-0.5 text-[11px] text-slate-500">
        <span className="font-medium text-slate-700">Prompt cache per call</span>
        <Key colour={COLOUR.hit} label={`${formatCount(counts.hit ?? 0)} hits`} />
        <Key colour={COLOUR.partial} label={`${formatCount(counts.partial ?? 0)} partly read`} />
        <Key colour={COLOUR.broken} label={`${formatCount(broken)} nothing read`} />
      </div>
      <svg viewBox={`0 0 ${cells.length} 1`} preserveAspectRatio="none" className="h-2.5 w-full" role="img" aria-label="prompt cache outcome per model call">
        {cells.map((cell, index) => (
          <rect key={index} x={index} y={0} width={1} height={1} fill={COLOUR[cell.outcome]} data-outcome={cell.outcome}>
            <title>{cell.title}</title>
          </rect>
        ))}
      </svg>
    </div>
  );
}

function Key({ colour, label }: { colour: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="inline-block h-2 w-2 rounded-sm" style={{ background: colour }} />
      {label}
    </span>
  );
}

/** One line for a chart tooltip: how the call met the cache. */
export function cacheLine(step: Pick<ReplayStep, "cache" | "keptMessages">): string | null {
  if (!step.cache) return null;
  const where = step.cache.outcome === "partial" || step.cache.outcome === "broken" ? ` after ${formatCount(step.keptMessages ?? 0)} messages` : "";
  return `cache: ${WORDS[step.cache.outcome]}${where} · read ${formatCount(step.cache.read)} · wrote ${formatCount(step.cache.write)}`;
}
