import type { RunCostFigures } from "@/lib/api/contracts/cost-schemas";
import { formatCount, formatUsd } from "./format-number";

/** Models a person may price an unpriced session as: the catalog's current ones per provider, shown as suggestions. */
export const PRICE_AS_SUGGESTIONS = {
  anthropic: ["claude-sonnet-4-5", "claude-opus-4-6", "claude-haiku-4-5"],
  openai: ["gpt-5.5", "gpt-5.1", "gpt-5.4"],
  google: ["gemini-2.5-pro", "gemini-2.5-flash"],
} as const;

/**
 * A run's cache use and dollars: the total with prompt caching beside the same calls without it, the cache hit rate,
 * and where the money goes (uncached input, cache writes, cache reads, output, summarizer calls). Server-renderable
 * (share pages use it too). An unpriced model still shows its cache use in tokens and its cache-weighted tokens,
 * names itself and offers models to price it as (`onPriceAs`, where the page can re-run the pricing).
 */
export function RunCostPanel({ cost, onPriceAs }: { cost: RunCostFigures | null; onPriceAs?: (model: string) => void }) {
  if (!cost) {
    return (
      <section data-testid="run-cost" data-known="false" className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-500 shadow-sm">
        No cache figures: the session names no model whose provider the lab knows (pick a model under Cost to price it as).
      </section>
    );
  }
  const usd = cost.usd;
  const rows: [string, number | null, string][] = [
    ["uncached input", usd?.uncachedInput ?? null, `${formatCount(cost.tokens.uncachedInput)} tokens`],
    ["cache writes", usd?.cacheWrite ?? null, `${formatCount(cost.tokens.cacheWrite)} tokens (${cost.ttl}${cost.ttlSource === "transcript" ? ", as the session wrote" : ""})`],
    ["cache reads", usd?.cacheRead ?? null, `${formatCount(cost.tokens.cacheRead)} tokens`],
    ["output", usd?.output ?? null, `${formatCount(cost.tokens.output)} tokens`],
    ["summarizer calls", usd?.summarizer ?? null, `${formatCount(cost.tokens.summarizerInput)} in · ${formatCount(cost.tokens.summarizerOutput)} out`],
  ];
  const suggestions = cost.provider ? PRICE_AS_SUGGESTIONS[cost.provider] : [];
  const saved = cost.totalUsd !== null && cost.withoutCachingUsd !== null ? cost.withoutCachingUsd - cost.totalUsd : null;
  return (
    <section data-testid="run-cost" data-known={cost.totalUsd !== null ? "true" : "false"} aria-label="Dollars for this run" className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-sm">
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
        {cost.cacheWeightedTokens !== null && (
          <span className="text-slate-600" title={`input tokens weighted by the cache prices: uncached ×1, written ×${cost.multipliers?.write.toFixed(2) ?? "?"}, read ×${cost.multipliers?.read.toFixed(2) ?? "?"}`}>
            cache-weighted input{" "}
            <span data-testid="run-cost-weighted" className="font-semibold tabular-nums text-slate-800">
              {formatCount(Math.round(cost.cacheWeightedTokens))}
            </span>{" "}
            tokens
          </span>
        )}
        <span className="ml-auto text-slate-500">
          {cost.model}
          {cost.price && cost.price.as !== cost.model ? ` (priced as ${cost.price.as})` : ""} · {cost.provider ? `${cost.provider} cache rules` : "no cache"} ·{" "}
          {cost.price ? `${cost.price.source}${cost.price.since ? `, prices since ${cost.price.since}` : ""}` : `prices of ${cost.pricesDate}`}
          {cost.hiddenPrefixTokens > 0 ? ` · includes ${formatCount(cost.hiddenPrefixTokens)} tokens of system prompt and tools per call` : ""}
          {cost.rewrittenCalls > 0 ? ` · ${formatCount(cost.rewrittenCalls)} calls cold where the recorded usage shows the agent's prompt rewritten (a restart)` : ""}
          {cost.recordedRewrites ? "" : " · the agent's recorded restarts not applied (the cache model alone)"}
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
      {cost.unpriced && (
        <p data-testid="run-cost-unpriced" className="mt-1 text-amber-800">
          No dollars: {cost.unpriced.reason}; the cache figures above are in tokens.
          {suggestions.length > 0 && (
            <>
              {" "}
              Price as{" "}
              {suggestions.map((model, index) => (
                <span key={model}>
                  {index > 0 ? ", " : ""}
                  {onPriceAs ? (
                    <button type="button" data-testid={`run-cost-price-as-${model}`} onClick={() => onPriceAs(model)} className="font-mono text-violet-800 underline">
                      {model}
                    </button>
                  ) : (
                    <span className="font-mono">{model}</span>
                  )}
                </span>
              ))}
              {onPriceAs ? " (fills the Cost model; run again to price it)" : " (Cost model in the run's settings)"}.
            </>
          )}
        </p>
      )}
    </section>
  );
}
