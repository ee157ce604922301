import type { RunCostFigures } from "@/lib/api/contracts/cost-schemas";
import { formatCount, formatUsd } from "./format-number";

/**
 * A run's dollars: the total with prompt caching beside the same calls without it, the cache hit rate, and where
 * the money goes (uncached input, cache writes, cache reads, output, summarizer calls). Server-renderable (share
 * pages use it too). A run without a known price says so instead of a number.
 */
export function RunCostPanel({ cost }: { cost: RunCostFigures | null }) {
  if (!cost) {
    return (
      <section data-testid="run-cost" data-known="false" className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-500 shadow-sm">
        Dollars unknown: the lab has no dated price for this session&apos;s model (pick one under Cost to price it).
      </section>
    );
  }
  const rows: [string, number | null, string][] = [
    ["uncached input", cost.usd.uncachedInput, `${formatCount(cost.tokens.uncachedInput)} tokens`],
    ["cache writes", cost.usd.cacheWrite, `${formatCount(cost.tokens.cacheWrite)} tokens (${cost.ttl})`],
    ["cache reads", cost.usd.cacheRead, `${formatCount(cost.tokens.cacheRead)} tokens`],
    ["output", cost.usd.output, `${formatCount(cost.tokens.output)} tokens`],
    ["summarizer calls", cost.usd.summarizer, `${formatCount(cost.tokens.summarizerInput)} in · ${formatCount(cost.tokens.summarizerOutput)} out`],
  ];
  const saved = cost.totalUsd !== null && cost.withoutCachingUsd !== null ? cost.withoutCachingUsd - cost.totalUsd : null;
  return (
    <section data-testid="run-cost" data-known="true" aria-label="Dollars for this run" className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-sm">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <span className="font-semibold text-slate-800">Dollars</span>
        <span>
          <span data-testid="run-cost-total" className="text-base font-semibold tabular-nums text-slate-900">
            {formatUsd(cost.totalUsd)}
          </span>{" "}
          with prompt caching
        </span>
        <span className="text-slate-600">
          <span data-testid="run-cost-without" className="tabular-nums">
            {formatUsd(cost.withoutCachingUsd)}
          </span>{" "}
          without caching{saved !== null && saved > 0 ? <> (caching saves {formatUsd(saved)})</> : null}
        </span>
        <span className="text-slate-600">
          cache hit rate{" "}
          <span data-testid="run-cost-hit-rate" className="font-semibold tabular-nums text-slate-800">
            {cost.hitRate === null ? "—" : `${(cost.hitRate * 100).toFixed(1)}%`}
          </span>
        </span>
        <span className="ml-auto text-slate-500">
          {cost.model} · {cost.provider ? `${cost.provider} cache rules` : "no cache"} · prices of {cost.pricesDate}
          {cost.hiddenPrefixTokens > 0 ? ` · includes ${formatCount(cost.hiddenPrefixTokens)} tokens of system prompt and tools per call` : ""}
        </span>
      </div>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 sm:grid-cols-5">
        {rows.map(([label, usd, detail]) => (
          <div key={label} data-testid={`run-cost-${label.replace(/ /g, "-")}`}>
            <dt className="text-[10px] uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="tabular-nums">
              <span className="font-medium text-slate-800">{formatUsd(usd)}</span> <span className="text-slate-500">{detail}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
