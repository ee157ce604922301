import { CACHE_PROVIDER_CHOICES, type CostOptions } from "../api/contracts/cost-schemas";
import { CACHE_TTL_IDS } from "../engine/cache/cache-rules";
import type { RunCostFigures } from "../api/contracts/cost-schemas";
import { UsageError } from "./command";

/** The cost flags `simulate` and `compare` share (parseArgs options). */
export const COST_FLAGS = {
  "cost-model": { type: "string" },
  "cache-provider": { type: "string" },
  "cache-ttl": { type: "string" },
} as const;
export const COST_USAGE = `[--cost-model <model>] [--cache-provider ${CACHE_PROVIDER_CHOICES.join("|")}] [--cache-ttl ${CACHE_TTL_IDS.join("|")}]`;

/** The cost options the flags ask for; a value outside the choices is a usage error naming the flag. */
export function costFlags(values: { "cost-model"?: string; "cache-provider"?: string; "cache-ttl"?: string }, usage: string): Partial<CostOptions> {
  const provider = values["cache-provider"] ?? "auto";
  if (!(CACHE_PROVIDER_CHOICES as readonly string[]).includes(provider)) throw new UsageError(`--cache-provider takes one of ${CACHE_PROVIDER_CHOICES.join(", ")}, got "${provider}"`, usage);
  const ttl = values["cache-ttl"] ?? "5m";
  if (!(CACHE_TTL_IDS as readonly string[]).includes(ttl)) throw new UsageError(`--cache-ttl takes one of ${CACHE_TTL_IDS.join(", ")}, got "${ttl}"`, usage);
  return {
    ...(values["cost-model"] ? { costModel: values["cost-model"] } : {}),
    cacheProvider: provider as CostOptions["cacheProvider"],
    cacheTtl: ttl as CostOptions["cacheTtl"],
  };
}

/** "$0.4213 with caching ($1.2034 without, hit rate 71.3%)", or why there is no figure. */
export function describeCost(cost: RunCostFigures | null | undefined): string {
  if (!cost) return "dollars unknown (no dated price for the model)";
  const usd = (value: number | null) => (value === null ? "unknown" : `$${value.toFixed(4)}`);
  const rate = cost.hitRate === null ? "—" : `${(cost.hitRate * 100).toFixed(1)}%`;
  return `${usd(cost.totalUsd)} with caching (${usd(cost.withoutCachingUsd)} without, hit rate ${rate}; ${cost.model}, ${cost.provider ?? "no cache"}${cost.provider ? ` ${cost.ttl}` : ""})`;
}
