import { CACHE_PROVIDER_CHOICES, CACHE_TTL_CHOICES } from "../api/contracts/cost-choices";
import type { CostOptions, RunCostFigures } from "../api/contracts/cost-schemas";
import { UsageError } from "./command";

/** The cost flags `simulate` and `compare` share (parseArgs options). */
export const COST_FLAGS = {
  "cost-model": { type: "string" },
  "cache-provider": { type: "string" },
  "cache-ttl": { type: "string" },
  "ignore-recorded-restarts": { type: "boolean" },
} as const;
export const COST_USAGE = `[--cost-model <model>] [--cache-provider ${CACHE_PROVIDER_CHOICES.join("|")}] [--cache-ttl ${CACHE_TTL_CHOICES.join("|")}] [--ignore-recorded-restarts]`;

/** The cost options the flags ask for; a value outside the choices is a usage error naming the flag. */
export function costFlags(values: { "cost-model"?: string; "cache-provider"?: string; "cache-ttl"?: string; "ignore-recorded-restarts"?: boolean }, usage: string): Partial<CostOptions> {
  const provider = values["cache-provider"] ?? "auto";
  if (!(CACHE_PROVIDER_CHOICES as readonly string[]).includes(provider)) throw new UsageError(`--cache-provider takes one of ${CACHE_PROVIDER_CHOICES.join(", ")}, got "${provider}"`, usage);
  const ttl = values["cache-ttl"] ?? "auto";
  if (!(CACHE_TTL_CHOICES as readonly string[]).includes(ttl)) throw new UsageError(`--cache-ttl takes one of ${CACHE_TTL_CHOICES.join(", ")}, got "${ttl}"`, usage);
  return {
    ...(values["cost-model"] ? { costModel: values["cost-model"] } : {}),
    cacheProvider: provider as CostOptions["cacheProvider"],
    cacheTtl: ttl as CostOptions["cacheTtl"],
    recordedRewrites: values["ignore-recorded-restarts"] !== true,
  };
}

/**
 * "$0.4213 with caching ($1.2034 without, hit rate 71.3%; …)"; for an unpriced model its cache use in tokens, the
 * reason and the `--cost-model` hint; or why there is no figure at all.
 */
export function describeCost(cost: RunCostFigures | null | undefined): string {
  if (!cost) return "dollars unknown and no cache figures: the model has no price and names no provider the lab knows (price it as a known one with --cost-model <model>)";
  const usd = (value: number | null) => (value === null ? "unknown" : `$${value.toFixed(4)}`);
  const rate = cost.hitRate === null ? "—" : `${(cost.hitRate * 100).toFixed(1)}%`;
  const weighted = cost.cacheWeightedTokens === null ? "" : `, ${Math.round(cost.cacheWeightedTokens).toLocaleString("en-US")} cache-weighted input tokens`;
  const rewrites = !cost.recordedRewrites
    ? ", the agent's recorded restarts not applied"
    : cost.rewrittenCalls > 0
      ? `, ${cost.rewrittenCalls} call${cost.rewrittenCalls === 1 ? "" : "s"} cold where the recorded usage shows the agent's prompt rewritten (a restart)`
      : "";
  const rules = `${cost.model}${cost.price && cost.price.as !== cost.model ? ` priced as ${cost.price.as}` : ""}, ${cost.provider ?? "no cache"}${cost.provider ? ` ${cost.ttl}` : ""}${rewrites}`;
  if (cost.unpriced && cost.totalUsd === null && cost.usd === null) {
    return `dollars unknown — ${cost.unpriced.reason} (e.g. --cost-model ${PRICE_AS_HINT[cost.provider ?? "anthropic"]}); cache hit rate ${rate}${weighted} (${rules})`;
  }
  return `${usd(cost.totalUsd)} with caching (${usd(cost.withoutCachingUsd)} without, hit rate ${rate}${weighted}; ${rules})${cost.unpriced ? ` — ${cost.unpriced.reason}` : ""}`;
}

/** one model per provider to suggest in "price as" */
const PRICE_AS_HINT = { anthropic: "claude-sonnet-4-5", openai: "gpt-5.1", google: "gemini-2.5-pro" } as const;
